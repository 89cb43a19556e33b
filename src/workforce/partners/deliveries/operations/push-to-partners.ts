// partner.push: every active partner receives, for every organization it is linked to, the days of
// every lock it has not yet received — in signed batches of at most partnerPushBatchSize records.
//
// Unlike other operations this is not one transaction (see requireNoTransaction): a batch's HTTP
// attempts must never hold database locks, so every ledger step is its own short statement, and a
// claim on each batch keeps two concurrent runs (cron and the nightly job) from sending it twice.
// A run that dies leaves its batches pending; the next run (after the claim expires) sends them.
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
import { requireNoTransaction, type PushContext, type PushTools } from '../context.js';
import { findDueLocks, type DueLock } from '../due.js';
import { batchesOfLock, claimBatch, insertBatch, type DeliveryRow } from '../ledger.js';
import { loadTarget, type PartnerTarget } from '../partner-target.js';
import { claimWindowMs } from '../retry-policy.js';
import { sendBatch } from '../send-batch.js';
import { failureOf, type DeliveryFailure } from '../serialize.js';

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
  failed_batches: number;
  /** Why the rest of this lock was not attempted in this run. */
  skipped?: string;
}

export interface PushResult {
  dry_run: boolean;
  ok: boolean;
  items: PushItem[];
  delivered_batches: number;
  failed_batches: number;
  failures: DeliveryFailure[];
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

  const items: PushItem[] = [];
  const failures: DeliveryFailure[] = [];
  // A partner that looked unavailable is not tried again for the rest of this run.
  const unavailable = new Set<number>();
  const targets = new Map<number, PartnerTarget | null>();
  for (const lock of due) {
    if (!targets.has(lock.partnerId)) targets.set(lock.partnerId, await loadTarget(db, lock.partnerId));
    const target = targets.get(lock.partnerId);
    if (!target) continue;
    if (input.dry_run) {
      items.push(await planLock(ctx, lock));
      continue;
    }
    if (unavailable.has(lock.partnerId)) {
      items.push({ ...(await planLock(ctx, lock)), skipped: 'partner unavailable earlier in this run' });
      continue;
    }
    const outcome = await deliverLock(ctx, target, lock);
    items.push(outcome.item);
    failures.push(...outcome.failures);
    if (outcome.partnerUnavailable) unavailable.add(lock.partnerId);
  }
  const delivered = items.reduce((n, i) => n + i.delivered_batches, 0);
  const failed = items.reduce((n, i) => n + i.failed_batches, 0);
  return {
    dry_run: Boolean(input.dry_run),
    ok: failed === 0 && !items.some((i) => i.skipped),
    items,
    delivered_batches: delivered,
    failed_batches: failed,
    failures,
  };
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
  };
}

/** What a push of this lock would send now: undelivered batches plus the records not yet batched. */
async function planLock(ctx: PushContext, lock: DueLock): Promise<PushItem> {
  const { db, config } = ctx.services;
  const item = itemOf(lock);
  const ledger = await batchesOfLock(db, lock.partnerId, lock.lockId);
  const open = ledger.filter((b) => b.status !== 'delivered');
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
): Promise<{ item: PushItem; failures: DeliveryFailure[]; partnerUnavailable: boolean }> {
  const { db, clock, config } = ctx.services;
  const item = itemOf(lock);
  const failures: DeliveryFailure[] = [];
  const label = { organizationCode: lock.organizationCode, month: lock.month };
  const claimUntil = () =>
    new Date(clock.now().getTime() + claimWindowMs(config.workforce.partnerPushTimeoutMs));

  const send = async (batch: DeliveryRow, body: string): Promise<boolean> => {
    item.records += Number(batch.record_count);
    item.batches += 1;
    const result = await sendBatch(ctx, target, batch, label, body);
    if (result.status === 'delivered') {
      item.delivered_batches += 1;
      return true;
    }
    item.failed_batches += 1;
    const row = await db('partner_deliveries').where({ id: batch.id }).first();
    failures.push(failureOf(row, target.name, lock.organizationCode));
    if (result.unavailable) throw new PartnerUnavailable();
    return false;
  };

  try {
    // 1. Batches an earlier run planned but did not deliver (failed, or interrupted), same records.
    const ledger = await batchesOfLock(db, lock.partnerId, lock.lockId);
    for (const batch of ledger.filter((b) => b.status !== 'delivered')) {
      if (!(await claimBatch(db, batch.id, clock.now(), claimUntil()))) continue;
      const rows = await lockRecordsBetween(
        db,
        lock.lockId,
        batch.first_attendance_id,
        batch.last_attendance_id,
      );
      if (!(await send(batch, JSON.stringify(rows.map((r) => r.record)))))
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
        claimUntil(),
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
