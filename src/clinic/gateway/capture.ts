// Recording a captured gateway payment, shared by the client's verify and the payment.captured
// webhook. Both may arrive at once for the same payment: each locks the invoice row first, then looks
// for the provider_payment_id with a locking read (which sees the other's commit), so the second finds
// the first's row and records nothing. The unique index on provider_payment_id is the last word.
import { lockForUpdate } from '../../db/knex.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { ClinicRun } from '../context.js';
import { insertPayment, settleInvoice } from '../payments/ledger.js';

export interface Capture {
  invoiceId: number;
  providerPaymentId: string;
  providerOrderId: string | null;
  amountMinor: number;
  source: 'verify' | 'webhook';
}

export type CaptureOutcome = 'recorded' | 'duplicate';

/** Must be the first work of its operation's transaction, so the lock comes before any read. */
export async function recordCapture(ctx: ClinicRun, c: Capture): Promise<CaptureOutcome> {
  const { db } = ctx;
  const invoice = await lockForUpdate(db('invoices').where('id', c.invoiceId), db).first('id', 'tenant_id');
  const existing = await lockForUpdate(
    db('payments').where('provider_payment_id', c.providerPaymentId),
    db,
  ).first('id');
  if (existing) return 'duplicate';
  const now = ctx.services.clock.now();
  const paymentId = await insertPayment(
    db,
    {
      tenantId: Number(invoice.tenant_id),
      invoiceId: c.invoiceId,
      amountMinor: c.amountMinor,
      method: 'online',
      referenceNumber: c.providerPaymentId,
      source: c.source,
      recordedByUserId: ctx.actor.userId,
      providerPaymentId: c.providerPaymentId,
      providerOrderId: c.providerOrderId,
    },
    now,
  );
  await settleInvoice(db, c.invoiceId, now);
  ctx.audit({
    action: 'payment.captured',
    subjectType: 'invoice',
    subjectId: c.invoiceId,
    scopeId: Number(invoice.tenant_id),
    details: { payment_id: paymentId, provider_payment_id: c.providerPaymentId, via: c.source },
  });
  return 'recorded';
}

/**
 * Runs `work` (a step operation, so its own transaction) once more when a concurrent capture won the
 * unique index: the rerun sees its row.
 */
export async function retryOnDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return work();
  }
}
