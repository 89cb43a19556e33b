// The invoice resource: money in major units, with its pet, client, line items and payments.
import { isoOrNull } from '../../db/time.js';
import { INVOICE_STATUSES } from '../payments/ledger.js';
import { fromMinor } from '../payments/money.js';
import { PAYMENT_JSON, serializePayment } from '../payments/serialize.js';
import {
  PAYMENT_ATTEMPT_JSON,
  serializePaymentAttempt,
  serializeUnreconciled,
  UNRECONCILED_JSON,
} from '../gateway/reconciliation.js';

export function serializeInvoice(row: Record<string, any>) {
  return {
    id: Number(row.id),
    tenant_id: Number(row.tenant_id),
    client_id: Number(row.client_id),
    pet_id: row.pet_id === null ? null : Number(row.pet_id),
    status: row.status,
    currency: row.currency,
    total: fromMinor(row.total_minor),
    amount_paid: fromMinor(row.amount_paid_minor),
    balance_due: fromMinor(row.balance_due_minor),
    due_date: row.due_date ?? null,
    notes: row.notes ?? null,
    items: ((row.items ?? []) as Record<string, any>[]).map((x) => ({
      id: Number(x.id),
      description: x.description,
      quantity: Number(x.quantity),
      unit_price: fromMinor(x.unit_price_minor),
      amount: fromMinor(x.amount_minor),
    })),
    pet:
      row.pet_id === null ? null : { id: Number(row.pet_id), name: row.pet_name, species: row.pet_species },
    client: {
      id: Number(row.client_id),
      owner_user_id: row.client_owner_user_id === null ? null : Number(row.client_owner_user_id),
      name: row.client_name,
      email: row.client_email ?? null,
      phone: row.client_phone ?? null,
    },
    payments: ((row.payments ?? []) as Record<string, any>[]).map(serializePayment),
    unreconciled_payments: ((row.unreconciled_payments ?? []) as Record<string, any>[]).map(
      serializeUnreconciled,
    ),
    payment_attempts: ((row.payment_attempts ?? []) as Record<string, any>[]).map(serializePaymentAttempt),
    created_at: isoOrNull(row.created_at),
    updated_at: isoOrNull(row.updated_at),
  };
}

export type InvoiceView = ReturnType<typeof serializeInvoice>;

const nullableStr = { type: 'string', nullable: true };
const money = { type: 'number', description: 'major units, e.g. 150.5' };

export const INVOICE_JSON = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    tenant_id: { type: 'integer' },
    client_id: { type: 'integer' },
    pet_id: { type: 'integer', nullable: true },
    status: { type: 'string', enum: [...INVOICE_STATUSES] },
    currency: { type: 'string' },
    total: money,
    amount_paid: money,
    balance_due: money,
    due_date: { type: 'string', format: 'date', nullable: true },
    notes: nullableStr,
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          description: { type: 'string' },
          quantity: { type: 'integer' },
          unit_price: money,
          amount: money,
        },
      },
    },
    pet: {
      type: 'object',
      nullable: true,
      properties: { id: { type: 'integer' }, name: { type: 'string' }, species: { type: 'string' } },
    },
    client: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        owner_user_id: { type: 'integer', nullable: true },
        name: { type: 'string' },
        email: nullableStr,
        phone: nullableStr,
      },
    },
    payments: { type: 'array', items: PAYMENT_JSON },
    unreconciled_payments: {
      type: 'array',
      items: UNRECONCILED_JSON,
      description: 'gateway captures that did not match their order, not in the ledger unless booked',
    },
    payment_attempts: {
      type: 'array',
      items: PAYMENT_ATTEMPT_JSON,
      description: 'failed gateway payments (payment.failed), oldest first',
    },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};

export const invoiceBody = (description: string) => ({
  description,
  schema: { type: 'object', properties: { data: INVOICE_JSON } },
});
