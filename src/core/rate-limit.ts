// Sliding-window rate limits counted in the database, so every daemon on one database shares them.
// A hit is admitted when fewer than `limit` hits were admitted in the window that ends with it, so
// no span of `windowSeconds` ever admits more than `limit` (a fixed window let a double burst
// through at its boundary; a token bucket refills during the window and would too). Each hit is one
// short transaction: lock the bucket's row, count its hits of the window, record this one if
// admitted. Refused hits are not recorded: a client that keeps knocking is not locked out longer.
import type { Knex } from 'knex';
import type { Clock } from './clock.js';
import { TooManyRequestsError } from './errors.js';
import { dialectOf } from '../db/knex.js';
import { inTransaction } from '../db/transaction.js';

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
  const key = bucket.slice(0, 191);
  const windowMs = windowSeconds * 1000;
  if (Math.random() < 0.01) await pruneIdleBuckets(db, clock.now().getTime());
  return inTransaction(db, async (trx) => {
    // The clock is read once the bucket is ours, so hits are recorded in the order they are admitted.
    await lockBucket(trx, key);
    const nowMs = clock.now().getTime();
    const since = nowMs - windowMs; // a hit at exactly `since` has left the window
    await trx('rate_limit_hits').where('bucket', key).where('at_ms', '<=', since).delete();
    const inWindow = await trx('rate_limit_hits')
      .where('bucket', key)
      .orderBy('at_ms')
      .limit(limit)
      .pluck('at_ms');
    if (inWindow.length >= limit) {
      const oldest = Number(inWindow[0]);
      return {
        allowed: false,
        count: limit + 1,
        limit,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - nowMs) / 1000)),
      };
    }
    await trx('rate_limit_hits').insert({ bucket: key, at_ms: nowMs });
    await trx('rate_limits')
      .where('key', key)
      .update({ count: inWindow.length + 1, expires_at: nowMs + windowMs });
    return { allowed: true, count: inWindow.length + 1, limit, retryAfterSeconds: 0 };
  });
}

/**
 * Takes the bucket's row lock (creating the row on its first hit) with a write, so that on MySQL the
 * row is locked until commit and on SQLite the transaction holds the database's write lock: the
 * count that follows sees every hit committed before, and no other hit of the bucket runs meanwhile.
 */
async function lockBucket(trx: Knex, key: string): Promise<void> {
  if (dialectOf(trx) === 'mysql') {
    await trx.raw(
      'INSERT INTO rate_limits (`key`, count, expires_at) VALUES (?, 0, 0) ' +
        'ON DUPLICATE KEY UPDATE count = count',
      [key],
    );
    // ON DUPLICATE KEY UPDATE with an unchanged value may not lock the row: lock it explicitly.
    await trx.raw('SELECT `key` FROM rate_limits WHERE `key` = ? FOR UPDATE', [key]);
    return;
  }
  await trx.raw(
    'INSERT INTO rate_limits (key, count, expires_at) VALUES (?, 0, 0) ' +
      'ON CONFLICT (key) DO UPDATE SET count = count',
    [key],
  );
}

/** Buckets nobody hit for a day (no window is that long): a hit prunes its own bucket, not these. */
async function pruneIdleBuckets(db: Knex, nowMs: number): Promise<void> {
  const dayAgo = nowMs - 24 * 3600 * 1000;
  await db('rate_limit_hits').where('at_ms', '<', dayAgo).delete();
  await db('rate_limits').where('expires_at', '<', dayAgo).delete();
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
