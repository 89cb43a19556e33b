// What an invoice shows of the gateway beyond its ledger: captures kept as unreconciled (above the
// order, or in another currency) and failed payment attempts (payment.failed deliveries).
import { DateTime, Enum, Int, Nullable, Obj, Str, type Shape, fromRow } from '../../core/shape.js';

import { fromMinor } from '../payments/money.js';
import { Money } from '../payments/serialize.js';

export const UNRECONCILED_STATUSES = ['open', 'booked', 'refund_noted'] as const;
export const UNRECONCILED_REASONS = ['over_order', 'currency'] as const;

export const UnreconciledPayment = Obj({
  id: Int(),
  invoice_id: Int(),
  status: Enum(UNRECONCILED_STATUSES),
  reason: Enum(UNRECONCILED_REASONS),
  amount: Money(),
  currency: Str(),
  ordered_amount: Money(),
  ordered_currency: Str(),
  provider_payment_id: Str(),
  provider_order_id: Nullable(Str()),
  payment_id: Nullable(Int({ description: 'the ledger payment, once booked' })),
  note: Nullable(Str()),
  created_at: DateTime(),
  resolved_at: Nullable(DateTime()),
});
export type UnreconciledView = Shape<typeof UnreconciledPayment>;

export const PaymentAttempt = Obj({
  gateway_event_id: Int(),
  status: Enum(['failed'] as const),
  provider_payment_id: Nullable(Str()),
  provider_order_id: Nullable(Str()),
  amount: Nullable(Money()),
  currency: Nullable(Str()),
  reason: Nullable(Str({ description: 'the gateway’s error description, when it gave one' })),
  received_at: DateTime(),
});

export function serializeUnreconciled(row: Record<string, any>): UnreconciledView {
  return fromRow(UnreconciledPayment, row, {
    amount: fromMinor(row.amount_minor),
    ordered_amount: fromMinor(row.ordered_amount_minor),
    payment_id: row.payment_id == null ? null : Number(row.payment_id),
  });
}

/** A payment.failed delivery; amount, currency and reason as the gateway's payload gave them. */
export function serializePaymentAttempt(row: Record<string, any>): Shape<typeof PaymentAttempt> {
  let entity: Record<string, any> = {};
  try {
    entity = JSON.parse(String(row.payload))?.payload?.payment?.entity ?? {};
  } catch {
    // Every stored payload parsed once; the column is text.
  }
  const amount = Number.isInteger(entity.amount) ? fromMinor(entity.amount) : null;
  return fromRow(PaymentAttempt, row, {
    gateway_event_id: Number(row.id),
    status: 'failed' as const,
    amount,
    currency: typeof entity.currency === 'string' ? entity.currency : null,
    reason: typeof entity.error_description === 'string' ? entity.error_description.slice(0, 500) : null,
  });
}
