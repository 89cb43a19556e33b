// The sliding-window rate limit's storage: one short transaction per hit that locks the bucket's
// row (and stamps its expiry), reads its hits, drops those that left the window, and records this
// hit if fewer than the limit came before it (an atomic check-and-increment, so a burst's first N are the admitted ones).
// The rule and its 429 live in src/core/rate-limit.ts; this is only its SQL.
import type { Knex } from 'knex';
import { dialectOf } from './knex.js';
import { inTransaction } from './transaction.js';

export interface BucketHit {
  admitted: boolean;
  /** Hits in the window before this one (at most `limit`). */
  before: number;
  /** When this hit was counted (the clock read once the bucket was locked), and the window's oldest hit. */
  nowMs: number;
  oldestMs: number | null;
}

export async function recordHitIfUnderLimit(
  db: Knex,
  now: () => number,
  key: string,
  limit: number,
  windowMs: number,
): Promise<BucketHit> {
  // Upkeep on the side: its range delete can deadlock with a hit's bucket update (seen under the
  // punch rush on Galera, where it turned punches into 500s). The request does not depend on it,
  // and the next prune sweeps what this one left.
  if (Math.random() < 0.01) await pruneIdleBuckets(db, now()).catch(() => undefined);
  return inTransaction(db, async (trx) => {
    // The bucket's expiry (for pruneIdleBuckets) is written by the statement that locks it, from
    // the clock before the lock: a few ms early for a day-long idle test, and no UPDATE of its own.
    // The clock is read again once the bucket is ours, so hits are recorded in the order they are admitted.
    await lockBucket(trx, key, now() + windowMs);
    const nowMs = now();
    const since = nowMs - windowMs; // a hit at exactly `since` has left the window
    // Every hit the bucket holds, in one read: only admitted hits are recorded and the ones that left
    // the window are dropped by the next hit, so there are never more than `limit` of them. The
    // delete runs only when one has left (most hits of a quiet bucket find nothing to drop), and
    // names them by primary key: a range delete on (bucket, at_ms) would take next-key locks into
    // the neighbouring bucket's first hit at REPEATABLE READ, and two punches of neighbouring
    // employees deadlocked on them under the rush (docs/benchmarks.md).
    const held = await trx('rate_limit_hits').where('bucket', key).orderBy('at_ms').select('id', 'at_ms');
    const inWindow: number[] = [];
    const left: number[] = [];
    for (const hit of held) {
      if (Number(hit.at_ms) > since) inWindow.push(Number(hit.at_ms));
      else left.push(Number(hit.id));
    }
    if (left.length) await trx('rate_limit_hits').whereIn('id', left).delete();
    const oldestMs = inWindow.length ? inWindow[0] : null;
    const before = Math.min(inWindow.length, limit);
    if (inWindow.length >= limit) return { admitted: false, before, nowMs, oldestMs };
    await trx('rate_limit_hits').insert({ bucket: key, at_ms: nowMs });
    return { admitted: true, before, nowMs, oldestMs };
  });
}

/**
 * Takes the bucket's row lock (creating the row on its first hit) with a write, so that on MySQL the
 * row is locked until commit and on SQLite the transaction holds the database's write lock: the
 * count that follows sees every hit committed before, and no other hit of the bucket runs meanwhile.
 */
async function lockBucket(trx: Knex, key: string, expiresAtMs: number): Promise<void> {
  if (dialectOf(trx) === 'mysql') {
    // On a duplicate key, INSERT … ON DUPLICATE KEY UPDATE takes an exclusive lock on the existing row
    // (not the shared one a plain INSERT takes), whether or not the update changes it: the row is
    // ours until commit without a separate SELECT … FOR UPDATE. (`count` is no longer kept: the
    // hits are the count.)
    await trx.raw(
      'INSERT INTO rate_limits (`key`, count, expires_at) VALUES (?, 0, ?) ' +
        'ON DUPLICATE KEY UPDATE expires_at = VALUES(expires_at)',
      [key, expiresAtMs],
    );
    return;
  }
  await trx.raw(
    'INSERT INTO rate_limits (key, count, expires_at) VALUES (?, 0, ?) ' +
      'ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at',
    [key, expiresAtMs],
  );
}

/** Buckets nobody hit for a day (no window is that long): a hit prunes its own bucket, not these. */
async function pruneIdleBuckets(db: Knex, nowMs: number): Promise<void> {
  const dayAgo = nowMs - 24 * 3600 * 1000;
  await db('rate_limit_hits').where('at_ms', '<', dayAgo).delete();
  await db('rate_limits').where('expires_at', '<', dayAgo).delete();
}
