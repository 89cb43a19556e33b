// The push retry rules (contract: Events "Webhook retry", Limits "5 attempts"): a network error, a
// timeout, a 5xx, a 408 or a 429 is retried with exponential backoff, waiting what Retry-After says
// when the partner sends it (seconds or an HTTP date); any other 4xx (and a redirect) is final.
// Pure functions, so the rules are tested without a network or a clock.

/** A batch's whole budget: after this many failed attempts, over all runs, it is dead. */
export const MAX_ATTEMPTS = 5;
/** Waits between attempts: 2 s, 4 s, 8 s, 16 s. */
export const BACKOFF_BASE_MS = 2000;
/**
 * The longest Retry-After the push waits for. Beyond it the batch is marked failed at once (and is
 * due again on the next push run, within its budget) rather than holding a cron run for hours.
 */
export const MAX_RETRY_AFTER_MS = 10 * 60 * 1000;

export type AttemptOutcome =
  | { kind: 'response'; status: number; retryAfter?: string; bodyExcerpt?: string }
  | { kind: 'error'; code?: string; message: string };

export function isSuccess(outcome: AttemptOutcome): boolean {
  return outcome.kind === 'response' && outcome.status >= 200 && outcome.status < 300;
}

export function isRetryable(outcome: AttemptOutcome): boolean {
  if (outcome.kind === 'error') return true;
  const s = outcome.status;
  return s === 408 || s === 429 || s >= 500;
}

/** Backoff after the `failedAttempts`-th failure (1-based). */
export function backoffMs(failedAttempts: number): number {
  return BACKOFF_BASE_MS * 2 ** (failedAttempts - 1);
}

/** Retry-After as milliseconds from `now`: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now: Date): number | null {
  if (header === undefined) return null;
  const value = header.trim();
  if (/^[0-9]{1,10}$/.test(value)) return Number(value) * 1000;
  if (!/[a-z]/i.test(value)) return null;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now.getTime());
}

/** How long to wait before the next attempt. */
export function waitBeforeRetryMs(outcome: AttemptOutcome, failedAttempts: number, now: Date): number {
  const asked = outcome.kind === 'response' ? retryAfterMs(outcome.retryAfter, now) : null;
  return asked ?? backoffMs(failedAttempts);
}

/** One line for the ledger's last_error and the CLI (never the request, so never a secret). */
export function describeOutcome(outcome: AttemptOutcome): string {
  if (outcome.kind === 'error') return `${outcome.code ?? 'ERROR'}: ${outcome.message}`.slice(0, 1000);
  const excerpt = outcome.bodyExcerpt ? `: ${outcome.bodyExcerpt.replace(/\s+/g, ' ').trim()}` : '';
  return `HTTP ${outcome.status}${excerpt}`.slice(0, 1000);
}
