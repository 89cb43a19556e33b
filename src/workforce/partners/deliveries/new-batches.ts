// The lock's records not yet in the ledger, batch after batch, as a pipeline: while the partner
// handles batch N, the run reads and serialises batch N+1 and commits, in one transaction, the 2xx
// of batch N-1 and the claim of batch N+1 (the step operation markDeliveredAndPlan, ledger-steps.ts). The POSTs stay strictly
// one after another, and no batch is POSTed before its own claim is committed, so the ledger keeps
// its rules:
//
// - a batch counts as delivered only after its 2xx (the mark follows the answer, one POST later);
// - a batch is sent under one delivery id, the one its claim wrote before its first POST;
// - a kill at any moment leaves at most the batches whose 2xx was not yet committed (at most two:
//   the one answered, the one in flight) pending under their claim; the next run sends them again
//   under the same delivery ids, which the partner drops as repeats. Before the pipeline that was
//   at most one batch.
//
// When batch N is not delivered (refused, unavailable, budget spent, taken over), the lock stops
// there: N-1's mark is still committed, and N+1, claimed ahead but never sent, is withdrawn from
// the ledger, so the ledger and the run's result are what they were before the pipeline.
import type { Knex } from 'knex';
import { lockRecordsAfter, type KeyedRecord } from '../records.js';
import type { PushContext } from './context.js';
import type { DueLock } from './due.js';
import type { Claim, DeliveryRow, NewBatch } from './ledger.js';
import { markDeliveredAndPlan, planBatch, withdrawBatch } from './ledger-steps.js';
import type { SendOptions } from './send-batch.js';
import type { AttemptOutcome } from './retry-policy.js';

/** One send of a batch: whether it was delivered, and the 2xx left for the caller to record. */
export interface Sent {
  delivered: boolean;
  unrecorded?: { outcome: AttemptOutcome; at: Date };
}

export type SendOne = (batch: DeliveryRow, body: string, options: SendOptions) => Promise<Sent>;

/** The batches of `lock` after attendance id `after`, numbered from `index`, sent with `send`. */
export async function sendNewBatches(
  ctx: PushContext,
  lock: DueLock,
  from: { after: number; index: number },
  claim: Claim,
  send: SendOne,
): Promise<void> {
  const { db, clock, config } = ctx.services;
  const size = config.workforce.partnerPushBatchSize;
  let index = from.index;
  const plan = (read: ReadBatch): NewBatch | null =>
    read.rows.length === 0
      ? null
      : {
          partnerId: lock.partnerId,
          organizationId: lock.organizationId,
          month: lock.month,
          lockId: lock.lockId,
          batchIndex: index++,
          firstAttendanceId: read.rows[0].attendanceId,
          lastAttendanceId: read.rows[read.rows.length - 1].attendanceId,
          recordCount: read.rows.length,
          isLast: read.isLast,
        };
  const readAfter = (read: ReadBatch): Promise<ReadBatch> => {
    if (read.isLast) return Promise.resolve(NO_BATCH);
    const next = readBatch(db, lock.lockId, read.rows[read.rows.length - 1].attendanceId, size);
    // Not awaited when the lock stops early: its error must not go unhandled.
    next.catch(() => {});
    return next;
  };

  let read = await readBatch(db, lock.lockId, from.after, size);
  const first = plan(read);
  if (!first) return;
  let claimedAt = clock.now();
  let current = await ctx.call(planBatch, { batch: first, claimed_by: claim.by, at: claimedAt });
  let unrecorded: { delivery: number; outcome: AttemptOutcome; at: Date } | null = null;
  const markAndPlan = (next: NewBatch | null, at: Date) =>
    ctx.call(markDeliveredAndPlan, { delivered: unrecorded, next, claimed_by: claim.by, at });
  let nextRead = readAfter(read);
  while (current) {
    const inFlight = current;
    // Beside the POST: the next batch read, then one durable write (the previous 2xx, the next claim).
    const ledgerStep = (async () => {
      const next = await nextRead;
      const at = clock.now();
      return { next, at, row: await markAndPlan(plan(next), at) };
    })();
    ledgerStep.catch(() => {});
    let sent: Sent;
    try {
      sent = await send(inFlight, read.body, { claimedAt, deferDelivered: true });
    } catch (err) {
      await withdrawAhead(ctx, ledgerStep, claim);
      throw err;
    }
    if (!sent.delivered) {
      await withdrawAhead(ctx, ledgerStep, claim);
      return;
    }
    const step = await ledgerStep;
    unrecorded = { delivery: inFlight.id, ...sent.unrecorded! };
    // No next row: this was the last batch, or another run has planned the next one (it is pushing
    // this lock right now).
    current = step.row;
    claimedAt = step.at;
    read = step.next;
    nextRead = readAfter(read);
  }
  if (unrecorded) await markAndPlan(null, clock.now());
}

/** The batch claimed ahead of a POST that was not delivered: never sent, so it leaves the ledger. */
async function withdrawAhead(
  ctx: PushContext,
  ledgerStep: Promise<{ row: DeliveryRow | null }>,
  claim: Claim,
): Promise<void> {
  const { row } = await ledgerStep;
  if (row) await ctx.call(withdrawBatch, { delivery: row.id, claimed_by: claim.by });
}

interface ReadBatch {
  rows: KeyedRecord[];
  isLast: boolean;
  body: string;
}

const NO_BATCH: ReadBatch = { rows: [], isLast: true, body: '' };

/** The lock's next `size` records after `after` (one more is read to know whether it is the last). */
async function readBatch(db: Knex, lockId: number, after: number, size: number): Promise<ReadBatch> {
  const page = await lockRecordsAfter(db, lockId, after, size + 1);
  const rows = page.slice(0, size);
  return { rows, isLast: page.length <= size, body: JSON.stringify(rows.map((r) => r.record)) };
}
