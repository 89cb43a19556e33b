// Fixed-window rate limits counted in the database, so every daemon on one database shares them.
// One upsert per hit; old windows are pruned now and then by the hit itself.
import type { Knex } from 'knex';
import type { Clock } from './clock.js';
import { TooManyRequestsError } from './errors.js';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  limit: number;
  retryAfterSeconds: number;
}

export async function hitRateLimit(
  db: Knex,
  clock: Clock,
  bucket: string,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
  const nowMs = clock.now().getTime();
  const windowMs = windowSeconds * 1000;
  const windowStart = Math.floor(nowMs / windowMs) * windowMs;
  const key = `${bucket}@${windowStart}`.slice(0, 191);
  await db('rate_limits')
    .insert({ key, count: 1, expires_at: windowStart + windowMs })
    .onConflict('key')
    .merge({ count: db.raw('?? + 1', ['rate_limits.count']) });
  const row = await db('rate_limits').where({ key }).first('count');
  const count = Number(row?.count ?? 1);
  if (Math.random() < 0.01) await db('rate_limits').where('expires_at', '<', nowMs).delete();
  return {
    allowed: count <= limit,
    count,
    limit,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - nowMs) / 1000)),
  };
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
