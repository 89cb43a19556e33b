// Sends one ledger batch: up to MAX_ATTEMPTS signed POSTs, each attempt recorded in the ledger as it
// happens, waiting between attempts as retry-policy.ts says. Each attempt is signed afresh (a new t=),
// so a batch retried after a long Retry-After still verifies inside the receiver's 5-minute window;
// the body and X-Attendance-Delivery-Id stay the same, so the receiver can drop duplicates.
import { signatureHeader } from '../signature.js';
import type { PushContext } from './context.js';
import { pushTools } from './context.js';
import { markFailed, recordAttempt, type DeliveryRow } from './ledger.js';
import type { PartnerTarget } from './partner-target.js';
import {
  describeOutcome,
  isRetryable,
  isSuccess,
  MAX_ATTEMPTS,
  MAX_RETRY_AFTER_MS,
  waitBeforeRetryMs,
} from './retry-policy.js';
import { pushEndpoint } from './transport.js';

export interface BatchResult {
  status: 'delivered' | 'failed';
  attempts: number;
  responseCode: number | null;
  lastError: string | null;
  /** The partner looked unavailable (network, timeout, 5xx, 408, 429) rather than refusing the data. */
  unavailable: boolean;
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
): Promise<BatchResult> {
  const { clock, config, db } = ctx.services;
  const { sleep, transport, progress } = pushTools(ctx);
  const event = {
    partner: partner.name,
    organization_code: label.organizationCode,
    month: label.month,
    batch_index: Number(delivery.batch_index),
    records: Number(delivery.record_count),
  };
  progress({ type: 'batch-start', ...event });
  for (let attempt = 1; ; attempt++) {
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
        },
        body,
      },
      config.workforce.partnerPushTimeoutMs,
    );
    const now = clock.now();
    const responseCode = outcome.kind === 'response' ? outcome.status : null;
    if (isSuccess(outcome)) {
      await recordAttempt(db, delivery.id, outcome, now, true);
      progress({ type: 'batch-done', ...event, attempt, status: 'delivered' });
      return { status: 'delivered', attempts: attempt, responseCode, lastError: null, unavailable: false };
    }
    const retryable = isRetryable(outcome);
    const final = !retryable || attempt >= MAX_ATTEMPTS;
    await recordAttempt(db, delivery.id, outcome, now, final);
    let lastError = describeOutcome(outcome);
    if (!final) {
      const wait = waitBeforeRetryMs(outcome, attempt, now);
      if (wait > MAX_RETRY_AFTER_MS) {
        lastError = `${lastError} (Retry-After of ${Math.ceil(wait / 1000)} s is longer than the push waits; due again on the next push)`;
        await markFailed(db, delivery.id, lastError, now);
      } else {
        progress({ type: 'attempt-failed', ...event, attempt, error: lastError, wait_ms: wait });
        await sleep(wait);
        continue;
      }
    }
    progress({ type: 'batch-done', ...event, attempt, status: 'failed', error: lastError });
    return { status: 'failed', attempts: attempt, responseCode, lastError, unavailable: retryable };
  }
}
