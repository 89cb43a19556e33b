// Fixed-window rate limits counted in the database, so every daemon on one database shares them.
// One atomic upsert per hit that returns the hit's position; old windows are pruned now and then by
// the hit itself. A double burst at a window boundary gets through (2 × limit within a few
// seconds); routes that must not allow that declare `window: 'sliding'` (rate-limit.ts). Kept for
// the routes that have not moved yet (the clinic's).
import type { Knex } from 'knex';
import type { Clock } from './clock.js';
import { dialectOf } from '../db/knex.js';
import type { RateLimitResult } from './rate-limit.js';

export async function hitFixedWindow(
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
  const count = await countHit(db, key, windowStart + windowMs);
  if (Math.random() < 0.01) await db('rate_limits').where('expires_at', '<', nowMs).delete();
  return {
    allowed: count <= limit,
    count,
    limit,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - nowMs) / 1000)),
  };
}

/**
 * One atomic increment that also tells this hit's position in the window, so a burst admits
 * exactly the first `limit` hits: reading the counter back after the increment (as this once did)
 * sees the other concurrent hits too and refused the first ones with them.
 */
async function countHit(db: Knex, key: string, expiresAt: number): Promise<number> {
  if (dialectOf(db) === 'mysql') {
    // LAST_INSERT_ID(expr) hands the updated value back in the statement's own OK packet; a fresh
    // row (no auto-increment column) reports 0 there, and is the window's first hit.
    const [ok] = await db.raw(
      'INSERT INTO rate_limits (`key`, count, expires_at) VALUES (?, 1, ?) ' +
        'ON DUPLICATE KEY UPDATE count = LAST_INSERT_ID(count + 1)',
      [key, expiresAt],
    );
    return Number(ok.insertId) || 1;
  }
  const rows = await db.raw(
    'INSERT INTO rate_limits (key, count, expires_at) VALUES (?, 1, ?) ' +
      'ON CONFLICT (key) DO UPDATE SET count = count + 1 RETURNING count',
    [key, expiresAt],
  );
  return Number(rows[0]?.count ?? 1);
}
