// Upkeep no request waits for, run by the daemon's scheduler every hour: idempotency keys whose
// time is over (IDEMPOTENCY_TTL_HOURS after their first use) are deleted. Nothing reads an expired
// key except to replace it, so before this the table only grew: every POST with an
// Idempotency-Key left a row, with its whole response body, for ever.
//
// Deleted by id in small batches, never by one range DELETE: a range delete takes gap locks on
// MySQL that new keys' inserts would queue behind (and on Galera could conflict with them). Every
// daemon may run it; two at once only delete the same rows twice, which is harmless.
import type { Services } from '../core/services.js';

/** At minute 23 of every hour, UTC (off the hour, where the month lock and the push sit). */
export const HOUSEKEEPING_CRON = '23 * * * *';
const BATCH = 500;

export interface HousekeepingResult {
  idempotency_keys: number;
}

export async function housekeeping(services: Pick<Services, 'db' | 'clock'>): Promise<HousekeepingResult> {
  const { db, clock } = services;
  const now = clock.now().getTime();
  let deleted = 0;
  for (;;) {
    const ids = (
      await db('idempotency_keys').where('expires_at', '<=', now).orderBy('id').limit(BATCH).select('id')
    ).map((r) => Number(r.id));
    if (ids.length === 0) break;
    deleted += await db('idempotency_keys').whereIn('id', ids).andWhere('expires_at', '<=', now).delete();
    if (ids.length < BATCH) break;
  }
  return { idempotency_keys: deleted };
}
