// The mail outbox's claim, in SQL: the row is locked, checked and marked `sending` in one short
// transaction, with a lease of its own (claimed_by, claimed_until), so two workers never send the
// same message at once; the SMTP conversation happens after it commits, with no transaction open,
// while the holder renews the lease. A claim whose lease lapsed (its worker died mid-conversation) is
// taken over by the next worker, which sends the message again under the same Message-ID. The
// outbox's rules live in src/core/mailer.ts.
import type { Knex } from 'knex';
import { lockForUpdate } from './knex.js';
import { fromDbTime, toDbTime } from './time.js';
import { inTransaction } from './transaction.js';

export type OutboxClaim =
  | { kind: 'missing' }
  | { kind: 'already_sent' }
  | { kind: 'superseded' }
  /** Another worker holds the row and its lease has not lapsed: it may be talking to the server now. */
  | { kind: 'busy'; claimedBy: string; claimedUntil: Date }
  | { kind: 'claimed'; row: Record<string, any> };

export interface OutboxClaimant {
  /** Who holds the claim (host, process, a random part): the conditions of the holder's writes. */
  by: string;
  leaseMs: number;
}

/**
 * Marks outbox row `id` as being sent by job `job` under `claimant` (attempts counted), unless sent,
 * taken over by another job, or held by another claimant whose lease has not lapsed. The row's
 * Message-ID is made here if the message was queued before Message-IDs were stored on the row.
 */
export async function claimOutboxRow(
  db: Knex,
  id: number,
  job: { id: number; name: string },
  now: Date,
  claimant: OutboxClaimant,
  messageIdOf: (row: Record<string, any>) => string,
): Promise<OutboxClaim> {
  return inTransaction(db, async (trx) => {
    const row = await lockForUpdate(trx('mail_outbox').where({ id }), trx).first();
    if (!row) return { kind: 'missing' };
    if (row.status === 'sent') return { kind: 'already_sent' };
    if (row.job_id !== null && Number(row.job_id) !== job.id) return { kind: 'superseded' };
    const until = fromDbTime(row.claimed_until);
    if (row.status === 'sending' && row.claimed_by && until && until.getTime() > now.getTime()) {
      return { kind: 'busy', claimedBy: String(row.claimed_by), claimedUntil: until };
    }
    const messageId = row.message_id ? String(row.message_id) : messageIdOf(row);
    const claimed = {
      status: 'sending',
      attempts: Number(row.attempts) + 1,
      job_id: job.id,
      job_name: row.job_name ?? job.name,
      message_id: messageId,
      claimed_by: claimant.by,
      claimed_until: toDbTime(new Date(now.getTime() + claimant.leaseMs)),
      updated_at: toDbTime(now),
    };
    await trx('mail_outbox').where({ id }).update(claimed);
    return { kind: 'claimed', row: { ...row, ...claimed } };
  });
}

/** Extends the claim by one lease; false once it is no longer ours (taken over, or finished). */
export async function renewOutboxClaim(
  db: Knex,
  id: number,
  claimant: OutboxClaimant,
  now: Date,
): Promise<boolean> {
  const n = await db('mail_outbox')
    .where({ id, claimed_by: claimant.by, status: 'sending' })
    .update({ claimed_until: toDbTime(new Date(now.getTime() + claimant.leaseMs)) });
  return n === 1;
}
