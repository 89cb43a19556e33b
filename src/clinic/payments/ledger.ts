// The payment ledger decides an invoice's money: amount_paid is the sum of its payments, balance_due
// what is left (never below 0), and the status follows — unless the invoice is an estimate or voided,
// which a payment never reopens. Called inside the operation's transaction, which holds the invoice
// row's lock. A status the ledger changes is counted in the same transaction (../counters.ts).
import type { Knex } from 'knex';
import { lockForUpdate } from '../../db/knex.js';
import { toDbTime } from '../../db/time.js';
import { countStatusChange } from '../counters.js';

export const INVOICE_STATUSES = ['estimate', 'unpaid', 'partial', 'paid', 'voided'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Statuses that take no payment (and no gateway order). */
export const CLOSED_INVOICE_STATUSES: InvoiceStatus[] = ['paid', 'voided', 'estimate'];

export function statusFor(current: InvoiceStatus, totalMinor: number, paidMinor: number): InvoiceStatus {
  if (current === 'estimate' || current === 'voided') return current;
  if (paidMinor >= totalMinor) return 'paid';
  return paidMinor > 0 ? 'partial' : 'unpaid';
}

/**
 * Locking reads: they see the latest committed rows, not the transaction's snapshot, so the sum
 * holds a payment committed while this transaction waited for the invoice lock even when something
 * (an --actor's membership check) was read before the lock.
 */
export async function settleInvoice(trx: Knex, invoiceId: number, now: Date): Promise<void> {
  const invoice = await lockForUpdate(trx('invoices').where('id', invoiceId), trx).first(
    'status',
    'total_minor',
    'tenant_id',
  );
  const sum = await lockForUpdate(
    trx('payments').where('invoice_id', invoiceId).sum({ paid: 'amount_minor' }),
    trx,
  ).first();
  const paid = Number(sum?.paid ?? 0);
  const total = Number(invoice.total_minor);
  const status = statusFor(invoice.status, total, paid);
  await trx('invoices')
    .where('id', invoiceId)
    .update({
      amount_paid_minor: paid,
      balance_due_minor: Math.max(0, total - paid),
      status,
      updated_at: toDbTime(now),
    });
  await countStatusChange(trx, Number(invoice.tenant_id), 'invoices', invoice.status, status);
}

export interface NewPayment {
  tenantId: number;
  invoiceId: number;
  amountMinor: number;
  method: string;
  referenceNumber: string | null;
  source: 'clinic' | 'verify' | 'webhook';
  recordedByUserId: number | null;
  providerPaymentId?: string | null;
  providerOrderId?: string | null;
}

export async function insertPayment(trx: Knex, p: NewPayment, now: Date): Promise<number> {
  const [id] = await trx('payments').insert({
    tenant_id: p.tenantId,
    invoice_id: p.invoiceId,
    amount_minor: p.amountMinor,
    payment_method: p.method,
    reference_number: p.referenceNumber,
    provider_payment_id: p.providerPaymentId ?? null,
    provider_order_id: p.providerOrderId ?? null,
    recorded_by_user_id: p.recordedByUserId,
    source: p.source,
    created_at: toDbTime(now),
  });
  return Number(id);
}
