// gateway-webhook.handle (POST /webhooks/gateway): public, authenticated by its signature, which the
// operation checks first (401), over the body's exact bytes, before the body's shape (422).
// Every delivery is deduplicated by its event id (the body's `id`, else `event:payment id`): a
// replay answers `duplicate` and changes nothing (the unique index on gateway_events.event_id
// decides, also between two concurrent replays). payment.captured records the payment (idempotent
// on the gateway's payment id too, against a racing verify); a capture in another currency than its
// order's, or for more than the order's amount, answers `mismatch` and is kept as an unreconciled
// gateway payment (shown on the invoice, resolved by an operator: gateway-unreconciled.resolve).
// payment.failed is kept (`logged`) and shown on the invoice's payment_attempts. Any other event is
// kept and answers `ignored` (200, so the gateway stops resending it), whatever its payload's shape.
// Every delivery is a gateway_events row written in the same transaction as its effect (the step
// gateway-webhook.record); an error rolls both back and answers 500, so the gateway retries.
import { AppError } from '../../../core/errors.js';
import { defineSteps, defineWrite } from '../../../core/operation.js';
import { idNumber, validate, yup } from '../../../core/validation.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { recordCapture, retryOnDuplicate } from '../capture.js';
import { webhookEnvelope, webhookInput, webhookSchema, type WebhookBody } from '../schemas.js';
import { webhookSignatureValid } from '../signature.js';
import { GatewayNotConfiguredError } from '../client.js';

export const WEBHOOK_OUTCOMES = ['recorded', 'duplicate', 'logged', 'ignored', 'mismatch'] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

/** The events the service acts on; any other is kept and ignored. */
export const ACTED_EVENTS = ['payment.captured', 'payment.failed'];

export interface WebhookResult {
  event: string;
  outcome: WebhookOutcome;
  invoice_id: number | null;
  /** The unreconciled gateway payment a mismatching capture became. */
  unreconciled_payment_id: number | null;
}

interface Recorded {
  outcome: WebhookOutcome;
  unreconciledId: number | null;
}

/**
 * A step of gateway-webhook.handle, run only through ctx.call (not in the catalogue, no face), once
 * the signature holds: the delivery's effect and its gateway_events row, in one transaction that
 * begins with the capture's invoice lock.
 */
export const recordWebhookEvent = defineWrite('gateway-webhook.record', 'public', {
  summary: 'Apply and keep one signed gateway delivery (a step of gateway-webhook.handle)',
  input: yup.object({
    event: yup.string().required(),
    event_id: yup.string().nullable(),
    provider_payment_id: yup.string().nullable(),
    provider_order_id: yup.string().nullable(),
    invoice_id: idNumber().nullable(),
    amount_minor: yup.number().integer().min(1).nullable(),
    currency: yup.string().nullable(),
    /** The capture does not match its order: what the order was for, and why. */
    mismatch: yup
      .object({
        reason: yup.string().oneOf(['over_order', 'currency']).required(),
        ordered_amount_minor: yup.number().integer().required(),
        ordered_currency: yup.string().required(),
      })
      .nullable()
      .default(null),
    payload: yup.string().default(''),
  }),
  async run(ctx: ClinicRun, input): Promise<Recorded> {
    const { db } = ctx;
    const now = toDbTime(ctx.services.clock.now());
    const eventId = input.event_id ?? null;
    if (eventId !== null && (await db('gateway_events').where('event_id', eventId).first('id'))) {
      return { outcome: 'duplicate', unreconciledId: null };
    }
    // The row claims the event id first: a concurrent replay waits on it, then fails the unique
    // index and is run again (retryOnDuplicate), finding it.
    const [rowId] = await db('gateway_events').insert({
      event: input.event,
      event_id: eventId,
      provider_payment_id: input.provider_payment_id ?? null,
      provider_order_id: input.provider_order_id ?? null,
      invoice_id: input.invoice_id ?? null,
      outcome: 'ignored',
      payload: input.payload,
      received_at: now,
    });
    const result = await apply(ctx, input, Number(rowId), now);
    await db('gateway_events').where('id', rowId).update({ outcome: result.outcome });
    return result;
  },
});

type StepInput = Parameters<typeof recordWebhookEvent.run>[1];

async function apply(ctx: ClinicRun, input: StepInput, eventRowId: number, now: string): Promise<Recorded> {
  const invoiceId = input.invoice_id ?? null;
  const none = (outcome: WebhookOutcome): Recorded => ({ outcome, unreconciledId: null });
  if (input.event === 'payment.failed') return none('logged');
  if (input.event !== 'payment.captured' || invoiceId === null) return none('ignored');
  const paymentId = input.provider_payment_id!;
  if (input.mismatch) {
    const kept = await ctx
      .db('gateway_unreconciled_payments')
      .where('provider_payment_id', paymentId)
      .first('id');
    if (kept) return none('duplicate');
    const invoice = await ctx.db('invoices').where('id', invoiceId).first('tenant_id');
    const [id] = await ctx.db('gateway_unreconciled_payments').insert({
      tenant_id: invoice.tenant_id,
      invoice_id: invoiceId,
      gateway_event_id: eventRowId,
      provider_payment_id: paymentId,
      provider_order_id: input.provider_order_id ?? null,
      amount_minor: input.amount_minor,
      currency: input.currency ?? input.mismatch.ordered_currency,
      ordered_amount_minor: input.mismatch.ordered_amount_minor,
      ordered_currency: input.mismatch.ordered_currency,
      reason: input.mismatch.reason,
      status: 'open',
      created_at: now,
    });
    ctx.audit({
      action: 'gateway-payment.unreconciled',
      subjectType: 'invoice',
      subjectId: invoiceId,
      scopeId: Number(invoice.tenant_id),
      details: {
        unreconciled_payment_id: Number(id),
        provider_payment_id: paymentId,
        reason: input.mismatch.reason,
      },
    });
    return { outcome: 'mismatch', unreconciledId: Number(id) };
  }
  return none(
    await recordCapture(ctx, {
      invoiceId,
      providerPaymentId: paymentId,
      providerOrderId: input.provider_order_id ?? null,
      amountMinor: input.amount_minor!,
      source: 'webhook',
    }),
  );
}

export const handleGatewayWebhook = defineSteps('gateway-webhook.handle', 'public', {
  summary: 'Payment gateway notifications (payment.captured, payment.failed)',
  input: webhookInput,
  // On the pool: the step's transaction must begin with the capture's invoice lock.
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
    const envelope = (await validate(webhookEnvelope, parsed)) as { id?: string | null; event: string };
    if (!ACTED_EVENTS.includes(envelope.event)) {
      // Not ours to act on (refund.processed, order.paid…): kept, and a 200 so it is not resent.
      const { outcome } = await step(ctx, {
        event: envelope.event,
        event_id: envelope.id ?? null,
        payload: text,
      });
      return { event: envelope.event, outcome, invoice_id: null, unreconciled_payment_id: null };
    }
    const body = (await validate(webhookSchema, parsed)) as WebhookBody;
    const { event } = body;
    const entity = body.payload.payment.entity;
    const order = entity.order_id
      ? await db('gateway_orders')
          .where('provider_order_id', entity.order_id)
          .first('invoice_id', 'amount_minor', 'currency')
      : undefined;
    const invoiceId = order ? Number(order.invoice_id) : null;
    const reason = event === 'payment.captured' && order !== undefined ? mismatchOf(entity, order) : null;

    const recorded = await step(ctx, {
      event,
      event_id: body.id ?? `${event}:${entity.id}`,
      provider_payment_id: entity.id,
      provider_order_id: entity.order_id ?? null,
      invoice_id: invoiceId,
      amount_minor: entity.amount,
      currency: entity.currency ? entity.currency.toUpperCase() : null,
      mismatch: reason
        ? { reason, ordered_amount_minor: Number(order!.amount_minor), ordered_currency: order!.currency }
        : null,
      payload: text,
    });
    if (recorded.outcome === 'mismatch') {
      logger.warn('gateway capture does not match its order; kept as unreconciled', {
        provider_payment_id: entity.id,
        order_id: entity.order_id ?? null,
        invoice_id: invoiceId,
        unreconciled_payment_id: recorded.unreconciledId,
        captured: { amount: entity.amount, currency: entity.currency ?? null },
        ordered: { amount: Number(order!.amount_minor), currency: order!.currency },
      });
    }
    if (recorded.outcome === 'logged') {
      logger.warn('gateway payment failed', {
        provider_payment_id: entity.id,
        order_id: entity.order_id ?? null,
        invoice_id: invoiceId,
      });
    }
    return {
      event,
      outcome: recorded.outcome,
      invoice_id: invoiceId,
      unreconciled_payment_id: recorded.unreconciledId,
    };
  },
});

/** The step, run once more when a concurrent delivery won a unique index: the rerun sees its row. */
function step(ctx: ClinicRun, input: Record<string, unknown>): Promise<Recorded> {
  return retryOnDuplicate(() => ctx.call(recordWebhookEvent, input as StepInput));
}

/**
 * Why a capture does not match its order, or null: more than the amount ordered, or another
 * currency (a capture that names none is taken as in the order's).
 */
function mismatchOf(
  entity: WebhookBody['payload']['payment']['entity'],
  order: { amount_minor: unknown; currency: string },
): 'over_order' | 'currency' | null {
  const currency = entity.currency ? entity.currency.toUpperCase() : order.currency;
  if (currency !== order.currency) return 'currency';
  return entity.amount > Number(order.amount_minor) ? 'over_order' : null;
}
