// Sliding-window rate limits counted in the database, so every daemon on one database shares them.
// A hit is admitted when fewer than `limit` hits were admitted in the window that ends with it, so
// no span of `windowSeconds` ever admits more than `limit` (a fixed window let a double burst
// through at its boundary; a token bucket refills during the window and would too). Each hit is one
// short transaction (src/db/rate-limit-store.ts): lock the bucket's row, count its hits of the
// window, record this one if admitted. Refused hits are not recorded: a client that keeps knocking
// is not locked out longer.
import type { Knex } from 'knex';
import type { Clock } from './clock.js';
import { TooManyRequestsError } from './errors.js';
import { recordHitIfUnderLimit } from '../db/rate-limit-store.js';

export interface RateLimitResult {
  allowed: boolean;
  /** This hit's position in the window (limit + 1 when it was refused). */
  count: number;
  limit: number;
  /** When refused: exactly when the oldest hit of the window leaves it, rounded up to a second. */
  retryAfterSeconds: number;
}

export async function hitRateLimit(
  db: Knex,
  clock: Clock,
  bucket: string,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
  const windowMs = windowSeconds * 1000;
  const hit = await recordHitIfUnderLimit(
    db,
    () => clock.now().getTime(),
    bucket.slice(0, 191),
    limit,
    windowMs,
  );
  if (!hit.admitted) {
    return {
      allowed: false,
      count: limit + 1,
      limit,
      retryAfterSeconds: Math.max(1, Math.ceil((hit.oldestMs! + windowMs - hit.nowMs) / 1000)),
    };
  }
  return { allowed: true, count: hit.before + 1, limit, retryAfterSeconds: 0 };
}

/** Counts a hit and throws 429 with Retry-After when the bucket is over its limit. */
export async function enforceRateLimit(
  db: Knex,
  clock: Clock,
  bucket: string,
  limit: number,
  windowSeconds: number,
): Promise<void> {
  const r = await hitRateLimit(db, clock, bucket, limit, windowSeconds);
  if (!r.allowed) {
    throw new TooManyRequestsError(
      r.retryAfterSeconds,
      `Too many requests. Retry after ${r.retryAfterSeconds} seconds.`,
    );
  }
}
