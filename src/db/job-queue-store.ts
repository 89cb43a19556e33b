// The job queue's claim, in SQL: the next due job (queued and due, or running with a lapsed lease) is taken
// FOR UPDATE SKIP LOCKED on MySQL (SQLite's single writer serialises) and marked running for the
// worker, in one transaction at READ COMMITTED: without gap locks, two claimers scanning the same
// index range do not deadlock on each other when they move a row to another status (and a
// deadlock victim is restarted by inTransaction anyway). The queue's rules live in
// src/core/job-queue.ts; this is only its storage.
import type { Knex } from 'knex';
import { lockSkipLocked } from './knex.js';
import { toDbTime } from './time.js';
import { inTransaction } from './transaction.js';

export interface ClaimRequest {
  now: Date;
  /** The claim's lease: a running job whose lease lapsed before `now` lost its worker and is claimed again. */
  leaseUntil: Date;
  workerId: string;
  /** Only this job (still only when it is due). */
  id?: number;
}

/** The claimed job's row as stored (status running, attempts counted), or null when none is due. */
export async function claimDueJobRow(db: Knex, claim: ClaimRequest): Promise<Record<string, any> | null> {
  return inTransaction(
    db,
    async (trx) => {
      const now = toDbTime(claim.now);
      const q = trx('jobs')
        .where((w) =>
          w
            .where((x) => x.where('status', 'queued').where('run_at', '<=', now))
            .orWhere((x) => x.where('status', 'running').where('lease_until', '<', now)),
        )
        .orderBy([
          { column: 'run_at', order: 'asc' },
          { column: 'id', order: 'asc' },
        ])
        .limit(1);
      if (claim.id !== undefined) q.where('id', claim.id);
      const [row] = await lockSkipLocked(q.select('*'), trx);
      if (!row) return null;
      await trx('jobs')
        .where({ id: row.id })
        .update({
          status: 'running',
          attempts: Number(row.attempts) + 1,
          locked_at: now,
          locked_by: claim.workerId,
          lease_until: toDbTime(claim.leaseUntil),
          updated_at: now,
        });
      return (await trx('jobs').where({ id: row.id }).first()) ?? null;
    },
    { isolation: 'read committed' },
  );
}
