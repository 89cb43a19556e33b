// POST /webhooks/gateway, after its signature is checked: payment.captured records the payment
// (idempotent on the gateway's payment id, so it is safe against retries and against a racing
// verify), payment.failed is kept and logged, other events are kept and ignored. A capture in
// another currency than its order's, or for more than the order's amount (the order was made for
// the balance at checkout), is kept as `mismatch` and logged, and the invoice is left alone: such a
// figure is for a person to reconcile, not for the ledger. A partial capture is recorded. Every delivery is a
// gateway_events row written in the same transaction as its effect; an error rolls both back and
// answers 500, so the gateway retries.
import type { Knex } from 'knex';
import { inTransaction } from '../../../db/transaction.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicContext } from '../../context.js';
import { recordCapture, retryOnDuplicate } from '../capture.js';
import type { WebhookBody } from '../schemas.js';

export type WebhookOutcome = 'recorded' | 'duplicate' | 'logged' | 'ignored' | 'mismatch';

export async function handleGatewayWebhook(
  ctx: ClinicContext,
  input: { body: WebhookBody; raw: string },
): Promise<{ event: string; outcome: WebhookOutcome; invoice_id: number | null }> {
  const { db, clock, logger } = ctx.services;
  const { event } = input.body;
  const entity = input.body.payload.payment.entity;
  const order = entity.order_id
    ? await db('gateway_orders')
        .where('provider_order_id', entity.order_id)
        .first('invoice_id', 'amount_minor', 'currency')
    : undefined;
  const invoiceId = order ? Number(order.invoice_id) : null;

  const keep = (trx: Knex.Transaction, outcome: WebhookOutcome) =>
    trx('gateway_events').insert({
      event,
      provider_payment_id: entity.id,
      provider_order_id: entity.order_id ?? null,
      invoice_id: invoiceId,
      outcome,
      payload: input.raw,
      received_at: toDbTime(clock.now()),
    });

  const outcome = await retryOnDuplicate(() =>
    inTransaction(db, async (trx): Promise<WebhookOutcome> => {
      let result: WebhookOutcome = 'ignored';
      if (event === 'payment.captured' && order && !capturesTheOrder(entity, order)) {
        result = 'mismatch';
      } else if (event === 'payment.captured' && invoiceId !== null) {
        result = await recordCapture(trx, ctx, {
          invoiceId,
          providerPaymentId: entity.id,
          providerOrderId: entity.order_id ?? null,
          amountMinor: entity.amount,
          source: 'webhook',
        });
      } else if (event === 'payment.failed') {
        result = 'logged';
      }
      await keep(trx, result);
      return result;
    }),
  );
  if (outcome === 'mismatch') {
    logger.warn('gateway capture does not match its order; not recorded', {
      provider_payment_id: entity.id,
      order_id: entity.order_id ?? null,
      invoice_id: invoiceId,
      captured: { amount: entity.amount, currency: entity.currency ?? null },
      ordered: { amount: Number(order!.amount_minor), currency: order!.currency },
    });
  }
  if (outcome === 'logged') {
    logger.warn('gateway payment failed', {
      provider_payment_id: entity.id,
      order_id: entity.order_id ?? null,
      invoice_id: invoiceId,
    });
  }
  return { event, outcome, invoice_id: invoiceId };
}

/** At most the amount ordered, in the order's currency (a capture that names none is taken as in it). */
function capturesTheOrder(
  entity: WebhookBody['payload']['payment']['entity'],
  order: { amount_minor: unknown; currency: string },
): boolean {
  const currency = entity.currency ? entity.currency.toUpperCase() : order.currency;
  return entity.amount <= Number(order.amount_minor) && currency === order.currency;
}
