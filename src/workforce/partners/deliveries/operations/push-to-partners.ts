// partner.push: every active partner receives, for every organization it is linked to, the days of
// every lock it has not yet received — in signed batches of at most partnerPushBatchSize records.
//
// Unlike other operations this is not one transaction (see requireNoTransaction): a batch's HTTP
// attempts must never hold database locks, so every ledger write is a step operation with its own
// short transaction and audit (ledger-steps.ts), and a
// claim on each batch keeps two concurrent runs (cron and the nightly job) from sending it twice.
// The claim is a lease renewed while the run works on the batch: a run that dies leaves its batch
// pending, and the next run takes it over once the lease lapses (LEASE_SECONDS).
//
// A batch has five attempts for its whole life: a dead batch is never sent by a push again (only
// `wfctl partner redeliver` gives it a fresh budget). The run ends by reading back every batch of
// the locks it looked at: any that is not delivered (failed, dead, or still claimed by another,
// possibly dead, run) is named in `undelivered` and makes the run not ok.
//
// After the locks, the run sends the correction batches owed (corrections.ts, issue 28): one day of
// a locked month corrected by an approved request, as its own signed batch naming the lock.
import { ValidationError } from '../../../../core/errors.js';
import { defineSteps } from '../../../../core/operation.js';
import { isoMonth, yup } from '../../../../core/validation.js';
import type { WorkforceRun } from '../../../context.js';
import { countLockRecordsAfter, lockRecordsBetween } from '../../records.js';
import { organizationRef, partnerRef } from '../../../refs.js';
import { endClaim, requireNoTransaction, newClaim, type PushContext, type PushTools } from '../context.js';
import { findDueCorrections, type DueCorrection } from '../corrections.js';
import { findDueLocks, type DueLock } from '../due.js';
import { batchesOfLock, type Claim } from '../ledger.js';
import { claimDelivery } from '../ledger-steps.js';
import { sendNewBatches, type SendOne } from '../new-batches.js';
import { loadTarget, type PartnerTarget } from '../partner-target.js';
import {
  correctionItem,
  deliverCorrection,
  planCorrection,
  undeliveredCorrections,
} from '../push-corrections.js';
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
  /** A correction batch (issue 28): the approved request whose corrected day it carries. */
  correction_request_id?: number;
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

export const pushToPartners = defineSteps('partner.push', 'system.admin', {
  summary: 'Send every partner the locked days it has not received (what cron and the nightly job run)',
  input: pushInput,
  // No transaction around the network calls: see requireNoTransaction.
  async run(ctx: WorkforceRun & PushTools, input): Promise<PushResult> {
    requireNoTransaction(ctx.db, 'partner.push');
    return push(ctx, input);
  },
});

async function push(ctx: PushContext, input: PushInput): Promise<PushResult> {
  const { db } = ctx.services;
  const partner = input.partner ? await partnerRef(db, input.partner) : undefined;
  if (partner && !partner.isActive)
    throw ValidationError.field('partner', `Partner ${partner.name} is inactive.`);
  const org = input.org ? await organizationRef(db, input.org, 'org') : undefined;
  const filters = { partnerId: partner?.id, organizationId: org?.id, month: input.month };
  const due = await findDueLocks(db, filters);
  const corrections = await findDueCorrections(db, filters);
  const claim = newClaim(ctx.services);
  try {
    return await pushWith(ctx, input, { due, corrections }, claim);
  } finally {
    endClaim(ctx.services, claim);
  }
}

/** The run itself, once its claim is known to the daemon (released if the daemon stops first). */
async function pushWith(
  ctx: PushContext,
  input: PushInput,
  owed: { due: DueLock[]; corrections: DueCorrection[] },
  claim: Claim,
): Promise<PushResult> {
  const { db } = ctx.services;
  const { due } = owed;

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
  const lookedCorrections: Array<{ due: DueCorrection; target: PartnerTarget }> = [];
  for (const correction of owed.corrections) {
    if (!targets.has(correction.partnerId))
      targets.set(correction.partnerId, await loadTarget(db, correction.partnerId));
    const target = targets.get(correction.partnerId);
    if (!target) continue;
    if (input.dry_run) {
      items.push(await planCorrection(ctx, correction));
      continue;
    }
    lookedCorrections.push({ due: correction, target });
    if (unavailable.has(correction.partnerId)) {
      items.push({ ...correctionItem(correction), skipped: 'partner unavailable earlier in this run' });
      continue;
    }
    const outcome = await deliverCorrection(ctx, target, correction, claim);
    items.push(outcome.item);
    failures.push(...outcome.failures);
    if (outcome.partnerUnavailable) unavailable.add(correction.partnerId);
  }
  const undelivered = input.dry_run
    ? []
    : [
        ...(await stillUndelivered(ctx, looked, claim)),
        ...(await undeliveredCorrections(ctx, lookedCorrections, claim)),
      ];
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
  const { db, clock } = ctx.services;
  const item = itemOf(lock);
  const failures: DeliveryFailure[] = [];
  const label = { organizationCode: lock.organizationCode, month: lock.month };

  /** Delivered or not (failed, dead, or taken over: the lock stops here), and a 2xx left to record. */
  const send: SendOne = async (batch, body, options) => {
    item.records += Number(batch.record_count);
    item.batches += 1;
    const result = await sendBatch(ctx, target, batch, label, body, claim, options);
    if (result.status === 'delivered') {
      item.delivered_batches += 1;
      return { delivered: true, unrecorded: result.unrecorded };
    }
    // Taken over by another run: its outcome is read back as the run ends.
    if (result.status === 'lost') return { delivered: false };
    item.failed_batches += 1;
    if (result.status === 'dead') item.dead_batches += 1;
    const row = await db('partner_deliveries').where({ id: batch.id }).first();
    failures.push(failureOf(row, target.name, lock.organizationCode));
    if (result.unavailable) throw new PartnerUnavailable();
    return { delivered: false };
  };

  try {
    // 1. Batches an earlier run planned but did not deliver (failed, or interrupted), same records.
    //    Dead ones are left for `redeliver`; one another run holds (a live lease) is left to it.
    const ledger = await batchesOfLock(db, lock.partnerId, lock.lockId);
    for (const batch of ledger.filter((b) => b.status !== 'delivered' && b.status !== 'dead')) {
      const claimed = { delivery: batch.id, claimed_by: claim.by, at: clock.now() };
      if (!(await ctx.call(claimDelivery, claimed))) continue;
      const rows = await lockRecordsBetween(
        db,
        lock.lockId,
        batch.first_attendance_id,
        batch.last_attendance_id,
      );
      const body = JSON.stringify(rows.map((r) => r.record));
      if (!(await send({ ...batch, claimed_by: claim.by }, body, {})).delivered)
        return { item, failures, partnerUnavailable: false };
    }
    // 2. The lock's records not yet batched, pipelined (new-batches.ts).
    if (ledger.some((b) => Boolean(b.is_last))) return { item, failures, partnerUnavailable: false };
    const after = ledger.reduce((max, b) => Math.max(max, Number(b.last_attendance_id)), 0);
    const index = ledger.reduce((max, b) => Math.max(max, Number(b.batch_index) + 1), 0);
    await sendNewBatches(ctx, lock, { after, index }, claim, send);
    return { item, failures, partnerUnavailable: false };
  } catch (err) {
    if (err instanceof PartnerUnavailable) return { item, failures, partnerUnavailable: true };
    throw err;
  }
}

class PartnerUnavailable extends Error {}
