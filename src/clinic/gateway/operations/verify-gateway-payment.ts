// POST /owner/me/invoices/{invoice}/gateway/verify: the checkout's signature proves the payment; the
// payment is recorded for the order's amount (once per gateway payment id, however often verify or
// the webhook report it) and the invoice's status and balance follow from the ledger.
import { ValidationError } from '../../../core/errors.js';
import { inTransaction } from '../../../db/transaction.js';
import type { ClinicContext } from '../../context.js';
import { loadInvoice } from '../../invoices/queries.js';
import { recordCapture, retryOnDuplicate } from '../capture.js';
import { requireGatewayKeys } from '../client.js';
import type { VerifyInput } from '../schemas.js';
import { paymentSignatureValid } from '../signature.js';
import { ownerInvoice } from './owner-invoice.js';

export async function verifyGatewayPayment(
  ctx: ClinicContext,
  input: VerifyInput & { ownerUserId: number; invoiceId: number },
): Promise<Record<string, any>> {
  const { db, config } = ctx.services;
  const gateway = config.clinic.gateway;
  requireGatewayKeys(gateway);
  const invoice = await ownerInvoice(db, input.ownerUserId, input.invoiceId);
  const order = await db('gateway_orders')
    .where({ provider_order_id: input.gateway_order_id, invoice_id: invoice.id })
    .first();
  if (!order)
    throw ValidationError.field('gateway_order_id', 'The gateway_order_id is not an order of this invoice.');
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
    inTransaction(db, async (trx) => {
      await recordCapture(trx, ctx, {
        invoiceId: Number(invoice.id),
        providerPaymentId: input.gateway_payment_id,
        providerOrderId: input.gateway_order_id,
        amountMinor: Number(order.amount_minor),
        source: 'verify',
      });
      return loadInvoice(trx, Number(invoice.id));
    }),
  );
}
