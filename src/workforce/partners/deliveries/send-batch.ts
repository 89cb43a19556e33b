// Sends one ledger batch: signed POSTs until it is delivered, the partner refuses it, or its budget
// (MAX_ATTEMPTS over the batch's whole life) is spent, each attempt recorded in the ledger as it
// happens, waiting between attempts as retry-policy.ts says. Each attempt is signed afresh (a new t=),
// so a batch retried after a long Retry-After still verifies inside the receiver's 5-minute window;
// the body and X-Attendance-Delivery-Id stay the same, so the receiver can drop duplicates.
//
// The caller has claimed the batch; while it is being sent a heartbeat renews the lease, and every
// attempt first makes sure the claim is still this run's: a run that stalled past its lease and
// was taken over stops (`lost`) instead of sending the batch alongside the new holder.
import { startHeartbeat } from '../../../core/lease.js';
import { signatureHeader } from '../signature.js';
import type { PushContext } from './context.js';
import { pushTools } from './context.js';
import type { Claim, DeliveryRow } from './ledger.js';
import { giveUpBatch, recordDeliveryAttempt, renewDeliveryClaim } from './ledger-steps.js';
import type { PartnerTarget } from './partner-target.js';
import {
  type AttemptOutcome,
  describeOutcome,
  isRetryable,
  isSuccess,
  MAX_ATTEMPTS,
  MAX_RETRY_AFTER_MS,
  waitBeforeRetryMs,
} from './retry-policy.js';
import { pushEndpoint } from './transport.js';

export interface BatchResult {
  /** lost: another run took the batch over (this run's lease lapsed); it records nothing more. */
  status: 'delivered' | 'failed' | 'dead' | 'lost';
  /** Attempts made in this run. */
  attempts: number;
  responseCode: number | null;
  lastError: string | null;
  /** The partner looked unavailable (network, timeout, 5xx, 408, 429) rather than refusing the data. */
  unavailable: boolean;
  /** With `deferDelivered`: the 2xx the caller must still record (markDeliveredAndPlan). */
  unrecorded?: { outcome: AttemptOutcome; at: Date };
}

export interface SendOptions {
  /**
   * When the caller took the claim. A batch claimed ahead of its turn (the pipelined push claims
   * the next batch while the current one is in flight) may have waited through the current one's
   * retries: past a third of the lease its claim is renewed, and checked, before the first attempt.
   * Without it the first attempt follows the claim at once.
   */
  claimedAt?: Date;
  /**
   * Leave a 2xx unrecorded and return it: the pipelined push commits it together with the next
   * batch's claim, while the next POST is in flight. Failures are always recorded here.
   */
  deferDelivered?: boolean;
}

export interface BatchLabel {
  organizationCode: string;
  month: string;
}

export async function sendBatch(
  ctx: PushContext,
  partner: PartnerTarget,
  delivery: DeliveryRow,
  label: BatchLabel,
  body: string,
  claim: Claim,
  options: SendOptions = {},
): Promise<BatchResult> {
  const { logger } = ctx.services;
  const { timers } = pushTools(ctx);
  const heartbeat = startHeartbeat({
    leaseMs: claim.leaseMs,
    renew: () => renew(ctx, delivery.id, claim),
    timers,
    onError: (error) =>
      logger.warn('partner push: lease renewal failed', { delivery: delivery.id, error: String(error) }),
  });
  try {
    return await attempts(ctx, partner, delivery, label, body, claim, heartbeat.lost, options);
  } finally {
    await heartbeat.stop();
  }
}

async function attempts(
  ctx: PushContext,
  partner: PartnerTarget,
  delivery: DeliveryRow,
  label: BatchLabel,
  body: string,
  claim: Claim,
  lost: AbortSignal,
  options: SendOptions,
): Promise<BatchResult> {
  const { clock, config } = ctx.services;
  const { sleep, transport, progress } = pushTools(ctx);
  const record = (outcome: AttemptOutcome, at: Date, status: DeliveryRow['status']) =>
    ctx.call(recordDeliveryAttempt, { delivery: delivery.id, claimed_by: claim.by, outcome, status, at });
  const event = {
    partner: partner.name,
    organization_code: label.organizationCode,
    month: label.month,
    batch_index: Number(delivery.batch_index),
    records: Number(delivery.record_count),
  };
  let used = Number(delivery.budget_used ?? 0);
  const allowed = { attempts_allowed: Math.max(1, MAX_ATTEMPTS - used) };
  const lostResult = (attempt: number): BatchResult => {
    progress({
      type: 'batch-done',
      ...event,
      ...allowed,
      attempt,
      status: 'lost',
      error: 'taken over by another run',
    });
    return { status: 'lost', attempts: attempt, responseCode: null, lastError: null, unavailable: false };
  };
  progress({ type: 'batch-start', ...event, ...allowed });
  for (let attempt = 1; ; attempt++) {
    // The claim must still be ours before each retry (the heartbeat may have seen it taken over,
    // and a wait between attempts may have outlived the lease). The first attempt follows the
    // claim at once, so it saves that statement on the push's critical path, unless the claim was
    // taken ahead and has aged (SendOptions.claimedAt).
    if (lost.aborted) return lostResult(attempt - 1);
    const aged = attempt === 1 && claimAged(options.claimedAt, clock.now(), claim.leaseMs);
    if ((attempt > 1 || aged) && !(await renew(ctx, delivery.id, claim))) return lostResult(attempt - 1);
    const timestamp = Math.floor(clock.now().getTime() / 1000);
    const outcome = await transport(
      {
        url: pushEndpoint(partner.pushUrl),
        headers: {
          Authorization: `Bearer ${partner.outboundToken}`,
          'Content-Type': 'application/json',
          'X-Attendance-Signature': signatureHeader({ secrets: partner.signingSecrets, timestamp, body }),
          'X-Attendance-Delivery-Id': delivery.delivery_id,
          'User-Agent': 'wfctl-partner-push',
          ...correctionHeaders(delivery),
        },
        body,
      },
      config.workforce.partnerPushTimeoutMs,
    );
    const now = clock.now();
    const responseCode = outcome.kind === 'response' ? outcome.status : null;
    if (isSuccess(outcome)) {
      if (!options.deferDelivered) await record(outcome, now, 'delivered');
      progress({ type: 'batch-done', ...event, ...allowed, attempt, status: 'delivered' });
      return {
        status: 'delivered',
        attempts: attempt,
        responseCode,
        lastError: null,
        unavailable: false,
        ...(options.deferDelivered ? { unrecorded: { outcome, at: now } } : {}),
      };
    }
    used += 1;
    const retryable = isRetryable(outcome);
    const status = used >= MAX_ATTEMPTS ? 'dead' : retryable ? 'pending' : 'failed';
    if (!(await record(outcome, now, status))) return lostResult(attempt);
    let lastError = describeOutcome(outcome);
    if (status === 'pending') {
      const wait = waitBeforeRetryMs(outcome, used, now);
      if (wait > MAX_RETRY_AFTER_MS) {
        lastError = `${lastError} (Retry-After of ${Math.ceil(wait / 1000)} s is longer than the push waits; due again on the next push)`;
        await ctx.call(giveUpBatch, {
          delivery: delivery.id,
          claimed_by: claim.by,
          reason: lastError,
          at: now,
        });
      } else {
        progress({ type: 'attempt-failed', ...event, ...allowed, attempt, error: lastError, wait_ms: wait });
        await sleep(wait);
        continue;
      }
    }
    const final = status === 'dead' ? 'dead' : 'failed';
    progress({ type: 'batch-done', ...event, ...allowed, attempt, status: final, error: lastError });
    return { status: final, attempts: attempt, responseCode, lastError, unavailable: retryable };
  }
}

/** One more lease on the batch, only while the claim is still this run's (a step operation). */
function renew(ctx: PushContext, id: number, claim: Claim): Promise<boolean> {
  return ctx.call(renewDeliveryClaim, { delivery: id, claimed_by: claim.by, at: ctx.services.clock.now() });
}

/**
 * A correction batch (corrections.ts) says what it is beside its own delivery id: the body stays the
 * contract's array of daily records (only the corrected days, flagged CORRECTED_AFTER_LOCK, under
 * the signature), and these headers name the lock it corrects and the request approved.
 */
function correctionHeaders(delivery: DeliveryRow): Record<string, string> {
  const request = Number(delivery.correction_request_id ?? 0);
  if (!request) return {};
  return {
    'X-Attendance-Batch-Kind': 'correction',
    'X-Attendance-Lock-Id': String(delivery.lock_id),
    'X-Attendance-Correction-Request-Id': String(request),
  };
}

/** A claim taken a third of a lease ago or more: the heartbeat's own period. */
function claimAged(claimedAt: Date | undefined, now: Date, leaseMs: number): boolean {
  return claimedAt !== undefined && now.getTime() - claimedAt.getTime() >= leaseMs / 3;
}
