// gateway-unreconciled.resolve (`wfctl gateway resolve ID --book|--refund-noted`): an operator
// decides what an unreconciled gateway capture is. `book` puts it in the invoice's ledger as the
// online payment it was (the invoice may end overpaid: balance_due stays at 0, the excess is the
// clinic's to refund or credit); `refund_noted` records that the money went back through the
// gateway, outside this service. Either is final and audited. A capture in another currency than the
// invoice's cannot be booked (the ledger holds one currency), nor can one on a voided invoice or an
// estimate: those are refunds.
import { ConflictError, NotFoundError, ValidationError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { insertPayment, settleInvoice } from '../../payments/ledger.js';
import { serializeUnreconciled, type UnreconciledView } from '../reconciliation.js';

export const RESOLUTIONS = ['book', 'refund_noted'] as const;

export const resolveUnreconciled = defineWrite('gateway-unreconciled.resolve', 'operator', {
  summary: 'Book an unreconciled gateway capture into its invoice, or note that it was refunded',
  input: yup.object({
    unreconciled_payment_id: idNumber().required(),
    resolution: yup.string().oneOf(RESOLUTIONS).required(),
    note: yup.string().trim().max(500).optional(),
  }),
  async run(ctx: ClinicRun, input): Promise<UnreconciledView> {
    const { db } = ctx;
    const peek = await db('gateway_unreconciled_payments')
      .where('id', input.unreconciled_payment_id)
      .first('invoice_id');
    if (!peek) throw new NotFoundError('Unreconciled gateway payment not found.');
    // The invoice first, as every payment path locks it, then the row itself.
    const invoice = await lockForUpdate(db('invoices').where('id', peek.invoice_id), db).first();
    const row = await lockForUpdate(
      db('gateway_unreconciled_payments').where('id', input.unreconciled_payment_id),
      db,
    ).first();
    if (row.status !== 'open') {
      throw new ConflictError(`Unreconciled payment ${row.id} is already ${row.status}.`, 'ALREADY_RESOLVED');
    }
    const now = ctx.services.clock.now();
    let paymentId: number | null = null;
    if (input.resolution === 'book') {
      if (row.currency !== invoice.currency) {
        throw ValidationError.field(
          'resolution',
          `A capture in ${row.currency} cannot be booked on an invoice in ${invoice.currency}; note its refund.`,
        );
      }
      if (invoice.status === 'voided' || invoice.status === 'estimate') {
        throw ValidationError.field(
          'resolution',
          `The invoice is ${invoice.status}: a payment cannot be booked on it; note its refund.`,
        );
      }
      paymentId = await insertPayment(
        db,
        {
          tenantId: Number(row.tenant_id),
          invoiceId: Number(row.invoice_id),
          amountMinor: Number(row.amount_minor),
          method: 'online',
          referenceNumber: row.provider_payment_id,
          source: 'webhook',
          recordedByUserId: ctx.actor.userId,
          providerPaymentId: row.provider_payment_id,
          providerOrderId: row.provider_order_id,
        },
        now,
      );
      await settleInvoice(db, Number(row.invoice_id), now);
    }
    const status = input.resolution === 'book' ? 'booked' : 'refund_noted';
    await db('gateway_unreconciled_payments')
      .where('id', row.id)
      .update({ status, payment_id: paymentId, note: input.note ?? null, resolved_at: toDbTime(now) });
    ctx.audit({
      action: `gateway-payment.${status}`,
      subjectType: 'invoice',
      subjectId: Number(row.invoice_id),
      scopeId: Number(row.tenant_id),
      details: {
        unreconciled_payment_id: Number(row.id),
        provider_payment_id: row.provider_payment_id,
        amount_minor: Number(row.amount_minor),
        currency: row.currency,
        payment_id: paymentId,
      },
    });
    return serializeUnreconciled(await db('gateway_unreconciled_payments').where('id', row.id).first());
  },
});
