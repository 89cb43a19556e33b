// partner.push: every active partner receives, for every organization it is linked to, the days of
// every lock it has not yet received — in signed batches of at most partnerPushBatchSize records.
//
// Unlike other operations this is not one transaction (see requireNoTransaction): a batch's HTTP
// attempts must never hold database locks, so every ledger step is its own short statement, and a
// claim on each batch keeps two concurrent runs (cron and the nightly job) from sending it twice.
// The claim is a lease renewed while the run works on the batch: a run that dies leaves its batch
// pending, and the next run takes it over once the lease lapses (LEASE_SECONDS).
//
// A batch has five attempts for its whole life: a dead batch is never sent by a push again (only
// `wfctl partner redeliver` gives it a fresh budget). The run ends by reading back every batch of
// the locks it looked at: any that is not delivered (failed, dead, or still claimed by another,
// possibly dead, run) is named in `undelivered` and makes the run not ok.
import type { Knex } from 'knex';
import { ValidationError } from '../../../../core/errors.js';
import { defineOperation } from '../../../../core/operation.js';
import { isoMonth, yup } from '../../../../core/validation.js';
import type { WorkforceRun } from '../../../context.js';
import {
  countLockRecordsAfter,
  lockRecordsAfter,
  lockRecordsBetween,
  type KeyedRecord,
} from '../../records.js';
import { organizationByRef, partnerByName } from '../../lookups.js';
import { requireNoTransaction, newClaim, type PushContext, type PushTools } from '../context.js';
import { findDueLocks, type DueLock } from '../due.js';
import { batchesOfLock, claimBatch, insertBatch, type Claim, type DeliveryRow } from '../ledger.js';
import { loadTarget, type PartnerTarget } from '../partner-target.js';
import { sendBatch } from '../send-batch.js';
import { failureOf, undeliveredOf, type DeliveryFailure, type UndeliveredBatch } from '../serialize.js';

export const pushInput = yup
  .object({
    partner: yup.string().trim().max(191),
    org: yup.string().trim().max(64),
    month: isoMonth(),
    /** Plan only: partners, months, record counts and batches; nothing is sent or written. */
    dry_run: yup.boolean(),
  })
  .noUnknown()
  .required();

export type PushInput = yup.InferType<typeof pushInput>;

export interface PushItem {
  partner: string;
  organization_code: string;
  month: string;
  lock_id: number;
  lock_scope: string;
  records: number;
  batches: number;
  delivered_batches: number;
  /** Attempted in this run and not delivered (the dead ones included). */
  failed_batches: number;
  /** Whose budget ran out in this run. */
  dead_batches: number;
  /** Why the rest of this lock was not attempted in this run. */
  skipped?: string;
}

export interface PushResult {
  dry_run: boolean;
  ok: boolean;
  items: PushItem[];
  delivered_batches: number;
  failed_batches: number;
  /** Batches whose budget ran out in this run (they are dead: no push sends them again). */
  dead_batches: number;
  /** The batches attempted in this run that failed. */
  failures: DeliveryFailure[];
  /** Every batch of the locks this run looked at that is not delivered as it ends, and why. */
  undelivered: UndeliveredBatch[];
}

export const pushToPartners = defineOperation({
  name: 'partner.push',
  summary: 'Send every partner the locked days it has not received (what cron and the nightly job run)',
  input: pushInput,
  permission: 'system.admin',
  // No transaction around the network calls: see requireNoTransaction.
  kind: 'steps',
  async run(ctx: WorkforceRun & PushTools, input): Promise<PushResult> {
    requireNoTransaction(ctx.db, 'partner.push');
    return push(ctx, input);
  },
});

async function push(ctx: PushContext, input: PushInput): Promise<PushResult> {
  const { db } = ctx.services;
  const partner = input.partner ? await partnerByName(db, input.partner) : undefined;
  if (partner && !partner.isActive)
    throw ValidationError.field('partner', `Partner ${partner.name} is inactive.`);
  const org = input.org ? await organizationByRef(db, input.org) : undefined;
  const due = await findDueLocks(db, { partnerId: partner?.id, organizationId: org?.id, month: input.month });
  const claim = newClaim(ctx.services);

  const items: PushItem[] = [];
  const failures: DeliveryFailure[] = [];
  // A partner that looked unavailable is not tried again for the rest of this run.
  const unavailable = new Set<number>();
  const targets = new Map<number, PartnerTarget | null>();
  const looked: Array<{ lock: DueLock; target: PartnerTarget; item: PushItem }> = [];
  for (const lock of due) {
    if (!targets.has(lock.partnerId)) targets.set(lock.partnerId, await loadTarget(db, lock.partnerId));
    const target = targets.get(lock.partnerId);
    if (!target) continue;
    if (input.dry_run) {
      items.push(await planLock(ctx, lock));
      continue;
    }
    if (unavailable.has(lock.partnerId)) {
      const item = { ...(await planLock(ctx, lock)), skipped: 'partner unavailable earlier in this run' };
      items.push(item);
      looked.push({ lock, target, item });
      continue;
    }
    const outcome = await deliverLock(ctx, target, lock, claim);
    items.push(outcome.item);
    looked.push({ lock, target, item: outcome.item });
    failures.push(...outcome.failures);
    if (outcome.partnerUnavailable) unavailable.add(lock.partnerId);
  }
  const undelivered = input.dry_run ? [] : await stillUndelivered(ctx, looked, claim);
  const sum = (key: 'delivered_batches' | 'failed_batches' | 'dead_batches') =>
    items.reduce((n, i) => n + i[key], 0);
  return {
    dry_run: Boolean(input.dry_run),
    ok: sum('failed_batches') === 0 && undelivered.length === 0 && !items.some((i) => i.skipped),
    items,
    delivered_batches: sum('delivered_batches'),
    failed_batches: sum('failed_batches'),
    dead_batches: sum('dead_batches'),
    failures,
    undelivered,
  };
}

/**
 * As the run ends, the ledger of every lock it looked at, read again: what is still not delivered
 * (failed, dead, or claimed by another run that may have died) is named. A lock whose remaining
 * batches another run is still planning (none of them in the ledger yet) is marked on its item.
 */
async function stillUndelivered(
  ctx: PushContext,
  looked: Array<{ lock: DueLock; target: PartnerTarget; item: PushItem }>,
  claim: Claim,
): Promise<UndeliveredBatch[]> {
  const { db, clock } = ctx.services;
  const out: UndeliveredBatch[] = [];
  for (const { lock, target, item } of looked) {
    const ledger = await batchesOfLock(db, lock.partnerId, lock.lockId);
    const open = ledger.filter((b) => b.status !== 'delivered');
    for (const row of open)
      out.push(undeliveredOf(row, target.name, lock.organizationCode, clock.now(), claim.by));
    if (!open.length && !ledger.some((b) => Boolean(b.is_last)) && !item.skipped)
      item.skipped = 'another run is sending this lock';
  }
  return out;
}

function itemOf(lock: DueLock): PushItem {
  return {
    partner: lock.partnerName,
    organization_code: lock.organizationCode,
    month: lock.month,
    lock_id: lock.lockId,
    lock_scope: lock.scopeKey,
    records: 0,
    batches: 0,
    delivered_batches: 0,
    failed_batches: 0,
    dead_batches: 0,
  };
}

/** What a push of this lock would send now: undelivered batches plus the records not yet batched. */
async function planLock(ctx: PushContext, lock: DueLock): Promise<PushItem> {
  const { db, config } = ctx.services;
  const item = itemOf(lock);
  const ledger = await batchesOfLock(db, lock.partnerId, lock.lockId);
  // Dead batches are not sent by a push (only a redelivery sends them).
  const open = ledger.filter((b) => b.status !== 'delivered' && b.status !== 'dead');
  const planned = ledger.some((b) => Boolean(b.is_last));
  const after = ledger.reduce((max, b) => Math.max(max, Number(b.last_attendance_id)), 0);
  const fresh = planned ? 0 : await countLockRecordsAfter(db, lock.lockId, after);
  item.records = open.reduce((n, b) => n + Number(b.record_count), 0) + fresh;
  item.batches = open.length + Math.ceil(fresh / config.workforce.partnerPushBatchSize);
  return item;
}

async function deliverLock(
  ctx: PushContext,
  target: PartnerTarget,
  lock: DueLock,
  claim: Claim,
): Promise<{ item: PushItem; failures: DeliveryFailure[]; partnerUnavailable: boolean }> {
  const { db, clock, config } = ctx.services;
  const item = itemOf(lock);
  const failures: DeliveryFailure[] = [];
  const label = { organizationCode: lock.organizationCode, month: lock.month };

  /** True when delivered; false when the lock should stop here (failed, dead, or taken over). */
  const send = async (batch: DeliveryRow, body: string): Promise<boolean> => {
    item.records += Number(batch.record_count);
    item.batches += 1;
    const result = await sendBatch(ctx, target, batch, label, body, claim);
    if (result.status === 'delivered') {
      item.delivered_batches += 1;
      return true;
    }
    // Taken over by another run: its outcome is read back as the run ends.
    if (result.status === 'lost') return false;
    item.failed_batches += 1;
    if (result.status === 'dead') item.dead_batches += 1;
    const row = await db('partner_deliveries').where({ id: batch.id }).first();
    failures.push(failureOf(row, target.name, lock.organizationCode));
    if (result.unavailable) throw new PartnerUnavailable();
    return false;
  };

  try {
    // 1. Batches an earlier run planned but did not deliver (failed, or interrupted), same records.
    //    Dead ones are left for `redeliver`; one another run holds (a live lease) is left to it.
    const ledger = await batchesOfLock(db, lock.partnerId, lock.lockId);
    for (const batch of ledger.filter((b) => b.status !== 'delivered' && b.status !== 'dead')) {
      if (!(await claimBatch(db, batch.id, clock.now(), claim))) continue;
      const rows = await lockRecordsBetween(
        db,
        lock.lockId,
        batch.first_attendance_id,
        batch.last_attendance_id,
      );
      if (!(await send({ ...batch, claimed_by: claim.by }, JSON.stringify(rows.map((r) => r.record)))))
        return { item, failures, partnerUnavailable: false };
    }
    // 2. The lock's records not yet batched, read one batch (+1 to know whether it is the last) at a time.
    if (ledger.some((b) => Boolean(b.is_last))) return { item, failures, partnerUnavailable: false };
    const size = config.workforce.partnerPushBatchSize;
    const after = ledger.reduce((max, b) => Math.max(max, Number(b.last_attendance_id)), 0);
    let index = ledger.reduce((max, b) => Math.max(max, Number(b.batch_index) + 1), 0);
    // The next batch is read (and serialised) while the current one is in flight, so the database
    // and the partner are not idle in turn. A read is only a read: a batch enters the ledger, and
    // counts as delivered, exactly as before (after its own insert and its own 2xx).
    let next = readBatch(db, lock.lockId, after, size);
    for (;;) {
      const { rows, isLast, body } = await next;
      if (rows.length === 0) break;
      next = isLast
        ? Promise.resolve(NO_BATCH)
        : readBatch(db, lock.lockId, rows[rows.length - 1].attendanceId, size);
      // Not awaited when the loop stops early (claim lost, failure): its error must not go unhandled.
      next.catch(() => {});
      const batch = await insertBatch(
        db,
        {
          partnerId: lock.partnerId,
          organizationId: lock.organizationId,
          month: lock.month,
          lockId: lock.lockId,
          batchIndex: index,
          firstAttendanceId: rows[0].attendanceId,
          lastAttendanceId: rows[rows.length - 1].attendanceId,
          recordCount: rows.length,
          isLast,
        },
        clock.now(),
        claim,
      );
      if (!batch) break; // another run is pushing this lock right now
      if (!(await send(batch, body))) break;
      if (isLast) break;
      index += 1;
    }
    return { item, failures, partnerUnavailable: false };
  } catch (err) {
    if (err instanceof PartnerUnavailable) return { item, failures, partnerUnavailable: true };
    throw err;
  }
}

class PartnerUnavailable extends Error {}

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
