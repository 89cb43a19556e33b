// gateway-webhook.handle (POST /webhooks/gateway): public, authenticated by its signature, which the
// operation checks first (401), over the body's exact bytes, before the body's shape (422).
// payment.captured records the payment (idempotent on the gateway's payment id, so it is safe
// against retries and against a racing verify), payment.failed is kept and logged, other events are
// kept and ignored. A capture in another currency than its order's, or for more than the order's
// amount (the order was made for the balance at checkout), is kept as `mismatch` and logged, and the
// invoice is left alone: such a figure is for a person to reconcile, not for the ledger. A partial
// capture is recorded. Every delivery is a gateway_events row written in the same transaction as its
// effect (the step gateway-webhook.record); an error rolls both back and answers 500, so the gateway
// retries.
import { AppError } from '../../../core/errors.js';
import { defineOperation } from '../../../core/operation.js';
import { idNumber, validate, yup } from '../../../core/validation.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { recordCapture, retryOnDuplicate } from '../capture.js';
import { webhookInput, webhookSchema, type WebhookBody } from '../schemas.js';
import { webhookSignatureValid } from '../signature.js';
import { GatewayNotConfiguredError } from '../client.js';

export const WEBHOOK_OUTCOMES = ['recorded', 'duplicate', 'logged', 'ignored', 'mismatch'] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

export interface WebhookResult {
  event: string;
  outcome: WebhookOutcome;
  invoice_id: number | null;
}

/**
 * A step of gateway-webhook.handle, run only through ctx.call (not in the catalogue, no face), once
 * the signature holds: the delivery's effect and its gateway_events row, in one transaction that
 * begins with the capture's invoice lock.
 */
export const recordWebhookEvent = defineOperation({
  name: 'gateway-webhook.record',
  summary: 'Apply and keep one signed gateway delivery (a step of gateway-webhook.handle)',
  input: yup.object({
    event: yup.string().required(),
    provider_payment_id: yup.string().required(),
    provider_order_id: yup.string().nullable(),
    invoice_id: idNumber().nullable(),
    amount_minor: yup.number().integer().min(1).required(),
    /** The capture does not match its order (currency, or more than ordered). */
    mismatch: yup.boolean().required(),
    payload: yup.string().default(''),
  }),
  permission: 'public',
  async run(ctx: ClinicRun, input): Promise<WebhookOutcome> {
    let result: WebhookOutcome = 'ignored';
    const invoiceId = input.invoice_id ?? null;
    if (input.event === 'payment.captured' && input.mismatch) {
      result = 'mismatch';
    } else if (input.event === 'payment.captured' && invoiceId !== null) {
      result = await recordCapture(ctx, {
        invoiceId,
        providerPaymentId: input.provider_payment_id,
        providerOrderId: input.provider_order_id ?? null,
        amountMinor: input.amount_minor,
        source: 'webhook',
      });
    } else if (input.event === 'payment.failed') {
      result = 'logged';
    }
    await ctx.db('gateway_events').insert({
      event: input.event,
      provider_payment_id: input.provider_payment_id,
      provider_order_id: input.provider_order_id ?? null,
      invoice_id: invoiceId,
      outcome: result,
      payload: input.payload,
      received_at: toDbTime(ctx.services.clock.now()),
    });
    return result;
  },
});

export const handleGatewayWebhook = defineOperation({
  name: 'gateway-webhook.handle',
  summary: 'Payment gateway notifications (payment.captured, payment.failed)',
  input: webhookInput,
  permission: 'public',
  // On the pool: the step's transaction must begin with the capture's invoice lock.
  kind: 'steps',
  async run(ctx: ClinicRun, input): Promise<WebhookResult> {
    const { db } = ctx;
    const { logger, config } = ctx.services;
    const secret = config.clinic.gateway.webhookSecret;
    if (!secret) throw new GatewayNotConfiguredError();
    const raw = Buffer.from(input.raw_body, 'latin1');
    if (!webhookSignatureValid(secret, raw, input.signature ?? undefined)) {
      throw new AppError(401, 'The X-Gateway-Signature header is missing or does not match.', {
        code: 'INVALID_SIGNATURE',
      });
    }
    // The signature is checked before the shape. The kernel has already refused malformed JSON, so
    // these bytes parse.
    const text = raw.toString('utf8');
    const parsed: unknown = raw.length ? JSON.parse(text) : {};
    const body = (await validate(webhookSchema, parsed)) as WebhookBody;
    const { event } = body;
    const entity = body.payload.payment.entity;
    const order = entity.order_id
      ? await db('gateway_orders')
          .where('provider_order_id', entity.order_id)
          .first('invoice_id', 'amount_minor', 'currency')
      : undefined;
    const invoiceId = order ? Number(order.invoice_id) : null;
    const mismatch = event === 'payment.captured' && order !== undefined && !capturesTheOrder(entity, order);

    const outcome = await retryOnDuplicate(() =>
      ctx.call(recordWebhookEvent, {
        event,
        provider_payment_id: entity.id,
        provider_order_id: entity.order_id ?? null,
        invoice_id: invoiceId,
        amount_minor: entity.amount,
        mismatch,
        payload: text,
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
  },
});

/** At most the amount ordered, in the order's currency (a capture that names none is taken as in it). */
function capturesTheOrder(
  entity: WebhookBody['payload']['payment']['entity'],
  order: { amount_minor: unknown; currency: string },
): boolean {
  const currency = entity.currency ? entity.currency.toUpperCase() : order.currency;
  return entity.amount <= Number(order.amount_minor) && currency === order.currency;
}
