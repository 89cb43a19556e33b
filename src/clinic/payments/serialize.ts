// The payment resource, as listed on its invoice.
import { isoOrNull } from '../../db/time.js';
import { fromMinor } from './money.js';
import { PAYMENT_METHODS } from './schemas.js';

export function serializePayment(row: Record<string, any>) {
  return {
    id: Number(row.id),
    invoice_id: Number(row.invoice_id),
    amount: fromMinor(row.amount_minor),
    payment_method: row.payment_method,
    reference_number: row.reference_number ?? null,
    provider_payment_id: row.provider_payment_id ?? null,
    provider_order_id: row.provider_order_id ?? null,
    source: row.source,
    created_at: isoOrNull(row.created_at),
  };
}

const nullableStr = { type: 'string', nullable: true };

export const PAYMENT_JSON = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    invoice_id: { type: 'integer' },
    amount: { type: 'number', description: 'major units, e.g. 150.5' },
    payment_method: { type: 'string', enum: [...PAYMENT_METHODS] },
    reference_number: nullableStr,
    provider_payment_id: nullableStr,
    provider_order_id: nullableStr,
    source: { type: 'string', enum: ['clinic', 'verify', 'webhook'] },
    created_at: { type: 'string', format: 'date-time' },
  },
};
