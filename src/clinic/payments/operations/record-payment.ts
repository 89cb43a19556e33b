// POST /tenant/{tenant}/invoices/{invoice}/payments: the clinic records a payment. The invoice row
// is locked first, so concurrent payments are checked against the balance one after the other and
// can never overpay. A paid, voided or estimate invoice takes no payment; more than the balance is
// refused (422 on amount).
import { NotFoundError, ValidationError } from '../../../core/errors.js';
import { lockForUpdate } from '../../../db/knex.js';
import { inTransaction } from '../../../db/transaction.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';
import { CLOSED_INVOICE_STATUSES, insertPayment, settleInvoice, type InvoiceStatus } from '../ledger.js';
import { fromMinor, toMinor } from '../money.js';
import type { RecordPaymentInput } from '../schemas.js';
import { loadInvoice } from '../../invoices/queries.js';

export async function recordPayment(
  ctx: ClinicContext,
  input: RecordPaymentInput & { tenantId: number; invoiceId: number },
): Promise<Record<string, any>> {
  const { db, clock } = ctx.services;
  return inTransaction(db, async (trx) => {
    const invoice = await lockForUpdate(
      trx('invoices').where({ id: input.invoiceId, tenant_id: input.tenantId }),
      db,
    ).first('id', 'status', 'balance_due_minor');
    if (!invoice) throw new NotFoundError('Invoice not found.');
    assertTakesPayment(invoice.status, 'amount');
    const amountMinor = toMinor(input.amount);
    if (amountMinor > Number(invoice.balance_due_minor)) {
      throw ValidationError.field(
        'amount',
        `The amount field must not be greater than the balance due (${fromMinor(invoice.balance_due_minor)}).`,
      );
    }
    const now = clock.now();
    const paymentId = await insertPayment(
      trx,
      {
        tenantId: input.tenantId,
        invoiceId: input.invoiceId,
        amountMinor,
        method: input.payment_method,
        referenceNumber: input.reference_number ?? null,
        source: 'clinic',
        recordedByUserId: ctx.actor.userId,
      },
      now,
    );
    await settleInvoice(trx, input.invoiceId, now);
    await recordAudit(trx, ctx, {
      tenantId: input.tenantId,
      action: 'payment.recorded',
      subjectType: 'invoice',
      subjectId: input.invoiceId,
      details: { payment_id: paymentId, amount_minor: amountMinor, method: input.payment_method },
    });
    return loadInvoice(trx, input.invoiceId);
  });
}

/** Paid, voided and estimate invoices take no payment: a 422 on `field`. */
export function assertTakesPayment(status: InvoiceStatus, field: string): void {
  if (CLOSED_INVOICE_STATUSES.includes(status)) {
    const why = status === 'estimate' ? 'an estimate' : status;
    throw ValidationError.field(field, `The invoice is ${why} and takes no payment.`);
  }
}
