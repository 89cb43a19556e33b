// The mail outbox's claim, in SQL: the row is locked, checked and marked `sending` in one short
// transaction, so two workers never send the same message; the SMTP conversation happens after it
// commits, with no transaction open. The outbox's rules live in src/core/mailer.ts.
import type { Knex } from 'knex';
import { lockForUpdate } from './knex.js';
import { toDbTime } from './time.js';
import { inTransaction } from './transaction.js';

export type OutboxClaim =
  | { kind: 'missing' }
  | { kind: 'already_sent' }
  | { kind: 'superseded' }
  | { kind: 'claimed'; row: Record<string, any> };

/** Marks outbox row `id` as being sent by job `job` (attempts counted), unless sent or taken over. */
export async function claimOutboxRow(
  db: Knex,
  id: number,
  job: { id: number; name: string },
  now: Date,
): Promise<OutboxClaim> {
  return inTransaction(db, async (trx) => {
    const row = await lockForUpdate(trx('mail_outbox').where({ id }), trx).first();
    if (!row) return { kind: 'missing' };
    if (row.status === 'sent') return { kind: 'already_sent' };
    if (row.job_id !== null && Number(row.job_id) !== job.id) return { kind: 'superseded' };
    await trx('mail_outbox')
      .where({ id })
      .update({
        status: 'sending',
        attempts: Number(row.attempts) + 1,
        job_id: job.id,
        job_name: row.job_name ?? job.name,
        updated_at: toDbTime(now),
      });
    return { kind: 'claimed', row };
  });
}
