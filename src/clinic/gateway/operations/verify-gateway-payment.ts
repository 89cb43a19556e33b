// gateway-payment.verify (POST /owner/me/invoices/{invoice}/gateway/verify): the checkout's
// signature proves the payment; the payment is recorded for the order's amount (once per gateway
// payment id, however often verify or the webhook report it) and the invoice's status and balance
// follow from the ledger. The checks read on the pool; the capture is the step
// gateway-payment.capture, whose transaction starts with the invoice lock (see capture.ts).
import { ValidationError } from '../../../core/errors.js';
import { defineSteps, defineWrite } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import type { ClinicRun } from '../../context.js';
import { loadInvoice } from '../../invoices/queries.js';
import { serializeInvoice, type InvoiceView } from '../../invoices/serialize.js';
import { recordCapture, retryOnDuplicate } from '../capture.js';
import { requireGatewayKeys } from '../client.js';
import { verifyInput } from '../schemas.js';
import { paymentSignatureValid } from '../signature.js';
import { ownedInvoice } from '../../ownership.js';

/**
 * A step of gateway-payment.verify, run only through ctx.call (not in the catalogue, no face), once
 * the caller's invoice, order and signature have been checked: the capture, then the invoice.
 */
export const captureVerifiedPayment = defineWrite('gateway-payment.capture', 'authenticated', {
  summary: 'Record a verified checkout payment on its invoice (a step of gateway-payment.verify)',
  input: yup.object({
    invoice_id: idNumber().required(),
    gateway_order_id: yup.string().required(),
    gateway_payment_id: yup.string().required(),
    amount_minor: yup.number().integer().min(0).required(),
  }),
  async run(ctx: ClinicRun, input): Promise<InvoiceView> {
    await recordCapture(ctx, {
      invoiceId: input.invoice_id,
      providerPaymentId: input.gateway_payment_id,
      providerOrderId: input.gateway_order_id,
      amountMinor: input.amount_minor,
      source: 'verify',
    });
    // A step has no face but runs its own checks: the invoice must be the caller's, or the capture
    // rolls back. Checked after recordCapture, whose invoice lock must be the transaction's first read.
    await ctx.owns(ownedInvoice(input.invoice_id));
    return serializeInvoice(await loadInvoice(ctx.db, input.invoice_id));
  },
});

export const verifyGatewayPayment = defineSteps('gateway-payment.verify', 'authenticated', {
  summary: 'Verify the checkout’s signature and record the captured payment',
  input: verifyInput,
  // On the pool: the capture step's transaction must begin with the invoice lock.
  async run(ctx: ClinicRun, input): Promise<InvoiceView> {
    const { db } = ctx;
    const gateway = ctx.services.config.clinic.gateway;
    requireGatewayKeys(gateway);
    const invoice = await ctx.owns(ownedInvoice(input.invoice_id));
    const order = await db('gateway_orders')
      .where({ provider_order_id: input.gateway_order_id, invoice_id: invoice.id })
      .first();
    if (!order)
      throw ValidationError.field(
        'gateway_order_id',
        'The gateway_order_id is not an order of this invoice.',
      );
    if (
      !paymentSignatureValid(
        gateway.keySecret,
        input.gateway_order_id,
        input.gateway_payment_id,
        input.gateway_signature,
      )
    ) {
      throw ValidationError.field('gateway_signature', 'The gateway_signature does not match.');
    }
    return retryOnDuplicate(() =>
      ctx.call(captureVerifiedPayment, {
        invoice_id: Number(invoice.id),
        gateway_order_id: input.gateway_order_id,
        gateway_payment_id: input.gateway_payment_id,
        amount_minor: Number(order.amount_minor),
      }),
    );
  },
});
