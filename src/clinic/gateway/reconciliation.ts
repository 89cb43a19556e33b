// What an invoice shows of the gateway beyond its ledger: captures kept as unreconciled (above the
// order, or in another currency) and failed payment attempts (payment.failed deliveries).
import { isoOrNull } from '../../db/time.js';
import { fromMinor } from '../payments/money.js';

export const UNRECONCILED_STATUSES = ['open', 'booked', 'refund_noted'] as const;
export type UnreconciledStatus = (typeof UNRECONCILED_STATUSES)[number];

export function serializeUnreconciled(row: Record<string, any>) {
  return {
    id: Number(row.id),
    invoice_id: Number(row.invoice_id),
    status: row.status as UnreconciledStatus,
    reason: row.reason as 'over_order' | 'currency',
    amount: fromMinor(row.amount_minor),
    currency: row.currency,
    ordered_amount: fromMinor(row.ordered_amount_minor),
    ordered_currency: row.ordered_currency,
    provider_payment_id: row.provider_payment_id,
    provider_order_id: row.provider_order_id ?? null,
    payment_id: row.payment_id == null ? null : Number(row.payment_id),
    note: row.note ?? null,
    created_at: isoOrNull(row.created_at),
    resolved_at: isoOrNull(row.resolved_at),
  };
}
export type UnreconciledView = ReturnType<typeof serializeUnreconciled>;

/** A payment.failed delivery; amount, currency and reason as the gateway's payload gave them. */
export function serializePaymentAttempt(row: Record<string, any>) {
  let entity: Record<string, any> = {};
  try {
    entity = JSON.parse(String(row.payload))?.payload?.payment?.entity ?? {};
  } catch {
    // Every stored payload parsed once; the column is text.
  }
  const amount = Number.isInteger(entity.amount) ? fromMinor(entity.amount) : null;
  return {
    gateway_event_id: Number(row.id),
    status: 'failed' as const,
    provider_payment_id: row.provider_payment_id ?? null,
    provider_order_id: row.provider_order_id ?? null,
    amount,
    currency: typeof entity.currency === 'string' ? entity.currency : null,
    reason: typeof entity.error_description === 'string' ? entity.error_description.slice(0, 500) : null,
    received_at: isoOrNull(row.received_at),
  };
}

const nullableStr = { type: 'string', nullable: true };
const money = { type: 'number', description: 'major units, e.g. 150.5' };

export const UNRECONCILED_JSON = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    invoice_id: { type: 'integer' },
    status: { type: 'string', enum: [...UNRECONCILED_STATUSES] },
    reason: { type: 'string', enum: ['over_order', 'currency'] },
    amount: money,
    currency: { type: 'string' },
    ordered_amount: money,
    ordered_currency: { type: 'string' },
    provider_payment_id: { type: 'string' },
    provider_order_id: nullableStr,
    payment_id: { type: 'integer', nullable: true, description: 'the ledger payment, once booked' },
    note: nullableStr,
    created_at: { type: 'string', format: 'date-time' },
    resolved_at: { type: 'string', format: 'date-time', nullable: true },
  },
};

export const PAYMENT_ATTEMPT_JSON = {
  type: 'object',
  properties: {
    gateway_event_id: { type: 'integer' },
    status: { type: 'string', enum: ['failed'] },
    provider_payment_id: nullableStr,
    provider_order_id: nullableStr,
    amount: { ...money, nullable: true },
    currency: nullableStr,
    reason: { ...nullableStr, description: 'the gateway’s error description, when it gave one' },
    received_at: { type: 'string', format: 'date-time' },
  },
};
