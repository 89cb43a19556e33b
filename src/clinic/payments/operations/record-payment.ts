// invoice.record-payment (POST /tenant/{tenant}/invoices/{invoice}/payments, `wfctl invoice
// record-payment`): the clinic records a payment. The invoice row is locked first, so concurrent
// payments are checked against the balance one after the other and can never overpay. A paid,
// voided or estimate invoice takes no payment; more than the balance is refused (422 on amount).
import { NotFoundError, ValidationError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import { idNumber } from '../../../core/validation.js';
import { lockForUpdate } from '../../../db/knex.js';
import type { ClinicRun } from '../../context.js';
import { tenantScope, tenantScoped } from '../../tenant-scope.js';
import { loadInvoice } from '../../invoices/queries.js';
import { serializeInvoice, type InvoiceView } from '../../invoices/serialize.js';
import { CLOSED_INVOICE_STATUSES, insertPayment, settleInvoice, type InvoiceStatus } from '../ledger.js';
import { fromMinor, toMinor } from '../money.js';
import { recordPaymentSchema } from '../schemas.js';

export interface RecordedPayment {
  /** A preview (rolled back): what would have happened. */
  dry_run: boolean;
  payment_id: number;
  invoice: InvoiceView;
}

export const recordPayment = defineWrite('invoice.record-payment', 'tenant.member', {
  summary: 'Record a payment against an invoice: balance_due falls, status becomes partial or paid',
  input: tenantScoped(
    recordPaymentSchema.shape({
      invoice_id: idNumber().required(),
    }),
  ),
  async run(ctx: ClinicRun, input): Promise<RecordedPayment> {
    const tenantId = await tenantScope(ctx, input);
    const { db } = ctx;
    const invoice = await lockForUpdate(
      db('invoices').where({ id: input.invoice_id, tenant_id: tenantId }),
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
    const now = ctx.services.clock.now();
    const paymentId = await insertPayment(
      db,
      {
        tenantId,
        invoiceId: input.invoice_id,
        amountMinor,
        method: input.payment_method,
        referenceNumber: input.reference_number ?? null,
        source: 'clinic',
        recordedByUserId: ctx.actor.userId,
      },
      now,
    );
    await settleInvoice(db, input.invoice_id, now);
    ctx.audit({
      action: 'payment.recorded',
      subjectType: 'invoice',
      subjectId: input.invoice_id,
      scopeId: tenantId,
      details: { payment_id: paymentId, amount_minor: amountMinor, method: input.payment_method },
    });
    return {
      dry_run: ctx.dryRun,
      payment_id: paymentId,
      invoice: serializeInvoice(await loadInvoice(db, input.invoice_id)),
    };
  },
});

/** Paid, voided and estimate invoices take no payment: a 422 on `field`. */
export function assertTakesPayment(status: InvoiceStatus, field: string): void {
  if (CLOSED_INVOICE_STATUSES.includes(status)) {
    const why = status === 'estimate' ? 'an estimate' : status;
    throw ValidationError.field(field, `The invoice is ${why} and takes no payment.`);
  }
}
