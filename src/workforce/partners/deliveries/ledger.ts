// The delivery ledger (partner_deliveries): one row per batch. These are its statements; they take
// `db` and open no transaction. The push writes through the step operations of ledger-steps.ts, each
// its own short transaction (a batch's HTTP attempts must never run inside one), with its audit.
//
// Claims are leases (src/core/lease.ts): a run holds a batch for config.leaseMs, as `claimed_by`
// (its run id) and `claimed_until`, and renews it while it works; only the holder can renew, and a
// claim whose lease lapsed (its run died) is taken over by whoever comes next. A batch's budget is
// MAX_ATTEMPTS attempts for its whole life (`budget_used`); when it is spent the batch is `dead`.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { isUniqueViolation } from '../../../db/errors.js';
import { leaseUntil } from '../../../core/lease.js';
import { toDbTime } from '../../../db/time.js';
import { describeOutcome, isSuccess, type AttemptOutcome } from './retry-policy.js';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'dead';

export interface DeliveryRow {
  id: number;
  delivery_id: string;
  partner_id: number;
  organization_id: number;
  month: string;
  lock_id: number;
  /** 0 on a lock's own batches; on a correction batch, the approved correction request it carries. */
  correction_request_id: number;
  batch_index: number;
  first_attendance_id: number;
  last_attendance_id: number;
  record_count: number;
  is_last: boolean | number;
  status: DeliveryStatus;
  attempts: number;
  /** Attempts made within the current budget (a redelivery starts a fresh one). */
  budget_used: number;
  last_error: string | null;
  response_code: number | null;
  delivered_at: string | null;
  claimed_until: string | null;
  claimed_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface NewBatch {
  partnerId: number;
  organizationId: number;
  month: string;
  lockId: number;
  batchIndex: number;
  firstAttendanceId: number;
  lastAttendanceId: number;
  recordCount: number;
  isLast: boolean;
  /** A correction batch (corrections.ts): the request whose corrected day it carries. */
  correctionRequestId?: number;
}

/** A run's hold on a batch: who (the run id) and until when (one lease from the last renewal). */
export interface Claim {
  by: string;
  leaseMs: number;
}

const until = (now: Date, claim: Claim) => toDbTime(leaseUntil(now, claim.leaseMs));

/**
 * Records a batch as pending and claimed by this run for one lease. Null when another run has
 * already planned that batch (the (partner, lock, batch) key is unique), so it is not sent twice.
 */
export async function insertBatch(
  db: Knex,
  batch: NewBatch,
  now: Date,
  claim: Claim,
): Promise<DeliveryRow | null> {
  const row = {
    delivery_id: randomUUID(),
    partner_id: batch.partnerId,
    organization_id: batch.organizationId,
    month: batch.month,
    lock_id: batch.lockId,
    correction_request_id: batch.correctionRequestId ?? 0,
    batch_index: batch.batchIndex,
    first_attendance_id: batch.firstAttendanceId,
    last_attendance_id: batch.lastAttendanceId,
    record_count: batch.recordCount,
    is_last: batch.isLast,
    status: 'pending' as const,
    attempts: 0,
    budget_used: 0,
    claimed_until: until(now, claim),
    claimed_by: claim.by,
    created_at: toDbTime(now),
    updated_at: toDbTime(now),
  };
  try {
    const [id] = await db('partner_deliveries').insert(row);
    // What was just written, without reading it back: one statement less per batch on the push's
    // critical path (docs/benchmarks.md, nightly push).
    return { ...row, id: Number(id), last_error: null, response_code: null, delivered_at: null };
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

/**
 * Takes a batch for this run: one conditional UPDATE, so of two runs racing for it exactly one
 * wins. Only a batch nobody holds, or whose holder's lease has lapsed (a dead run), is taken; a
 * dead batch only when `dead` is asked for (a redelivery), never by a push.
 */
export async function claimBatch(
  db: Knex,
  id: number,
  now: Date,
  claim: Claim,
  opts: { dead?: boolean } = {},
): Promise<boolean> {
  const n = await db('partner_deliveries')
    .where({ id })
    .whereNotIn('status', opts.dead ? ['delivered'] : ['delivered', 'dead'])
    .andWhere((w) => w.whereNull('claimed_until').orWhere('claimed_until', '<', toDbTime(now)))
    .update({ claimed_until: until(now, claim), claimed_by: claim.by, updated_at: toDbTime(now) });
  return n === 1;
}

/** The heartbeat: one more lease, only while the claim is still this run's. */
export async function renewClaim(db: Knex, id: number, now: Date, claim: Claim): Promise<boolean> {
  const n = await db('partner_deliveries')
    .where({ id, claimed_by: claim.by })
    .whereNot('status', 'delivered')
    .update({ claimed_until: until(now, claim) });
  return n === 1;
}

/**
 * One attempt's outcome, as `status`: delivered (a 2xx), pending (retried in this run), failed
 * (budget left, due again on the next push) or dead (budget spent). A 2xx is recorded whoever
 * holds the batch, because the partner has it; anything else only while this run holds the claim,
 * so a run that lost it never writes over the new holder. False when the claim was lost.
 */
export async function recordAttempt(
  db: Knex,
  id: number,
  outcome: AttemptOutcome,
  now: Date,
  status: DeliveryStatus,
  claim: Claim,
): Promise<boolean> {
  const delivered = isSuccess(outcome);
  const patch: Record<string, unknown> = {
    attempts: db.raw('?? + 1', ['attempts']),
    budget_used: db.raw('?? + 1', ['budget_used']),
    status: delivered ? 'delivered' : status,
    response_code: outcome.kind === 'response' ? outcome.status : null,
    last_error: delivered ? null : describeOutcome(outcome),
    delivered_at: delivered ? toDbTime(now) : null,
    updated_at: toDbTime(now),
  };
  // The claim ends with the batch's last attempt in this run; between attempts this run holds it.
  if (delivered || status !== 'pending') Object.assign(patch, { claimed_until: null, claimed_by: null });
  const q = db('partner_deliveries').where({ id });
  if (!delivered) q.andWhere({ claimed_by: claim.by });
  return (await q.update(patch)) === 1;
}

/** Gives up a batch for this run without another attempt (e.g. Retry-After longer than the push waits). */
export async function markFailed(
  db: Knex,
  id: number,
  reason: string,
  now: Date,
  claim: Claim,
): Promise<void> {
  await db('partner_deliveries')
    .where({ id, claimed_by: claim.by })
    .update({
      status: 'failed',
      last_error: reason.slice(0, 1000),
      claimed_until: null,
      claimed_by: null,
      updated_at: toDbTime(now),
    });
}

/** A fresh budget (the operator's redelivery): the batch is pending again, still claimed by this run. */
export async function freshBudget(db: Knex, id: number, now: Date, claim: Claim): Promise<boolean> {
  const n = await db('partner_deliveries')
    .where({ id, claimed_by: claim.by })
    .whereNot('status', 'delivered')
    .update({ budget_used: 0, status: 'pending', updated_at: toDbTime(now) });
  return n === 1;
}

/**
 * Removes a batch this run planned and claimed ahead but never sent (the batch before it was not
 * delivered): no attempt was made, so no delivery id reached the partner. The next push plans it
 * afresh. Guarded by the claim and `attempts = 0`, so a sent batch is never removed.
 */
export async function withdrawPlannedBatch(db: Knex, id: number, claim: Claim): Promise<boolean> {
  const n = await db('partner_deliveries')
    .where({ id, claimed_by: claim.by, attempts: 0, status: 'pending' })
    .del();
  return n === 1;
}

export async function releaseClaim(db: Knex, id: number, claim: Claim): Promise<void> {
  await db('partner_deliveries')
    .where({ id, claimed_by: claim.by })
    .update({ claimed_until: null, claimed_by: null });
}

/** The batches of one (partner, lock), in batch order; its correction batches are not among them. */
export async function batchesOfLock(db: Knex, partnerId: number, lockId: number): Promise<DeliveryRow[]> {
  return db('partner_deliveries')
    .where({ partner_id: partnerId, lock_id: lockId, correction_request_id: 0 })
    .orderBy('batch_index');
}

/** A batch by its ledger number or its X-Attendance-Delivery-Id. */
export async function findDelivery(db: Knex, ref: string): Promise<DeliveryRow | undefined> {
  if (/^[1-9][0-9]{0,15}$/.test(ref)) {
    const byId = await db('partner_deliveries')
      .where({ id: Number(ref) })
      .first();
    if (byId) return byId;
  }
  if (ref.length > 36) return undefined;
  return db('partner_deliveries').where({ delivery_id: ref.toLowerCase() }).first();
}
