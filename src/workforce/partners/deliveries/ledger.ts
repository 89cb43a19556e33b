// The delivery ledger (partner_deliveries): one row per batch. Every write here is its own short
// statement, because a batch's HTTP attempts must never run inside a database transaction.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { isUniqueViolation } from '../../../db/errors.js';
import { toDbTime } from '../../../db/time.js';
import { describeOutcome, isSuccess, type AttemptOutcome } from './retry-policy.js';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface DeliveryRow {
  id: number;
  delivery_id: string;
  partner_id: number;
  organization_id: number;
  month: string;
  lock_id: number;
  batch_index: number;
  first_attendance_id: number;
  last_attendance_id: number;
  record_count: number;
  is_last: boolean | number;
  status: DeliveryStatus;
  attempts: number;
  last_error: string | null;
  response_code: number | null;
  delivered_at: string | null;
  claimed_until: string | null;
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
}

/**
 * Records a batch as pending and claimed by this run until `claimUntil`. Null when another run has
 * already planned that batch (the (partner, lock, batch) key is unique), so it is not sent twice.
 */
export async function insertBatch(
  db: Knex,
  batch: NewBatch,
  now: Date,
  claimUntil: Date,
): Promise<DeliveryRow | null> {
  const row = {
    delivery_id: randomUUID(),
    partner_id: batch.partnerId,
    organization_id: batch.organizationId,
    month: batch.month,
    lock_id: batch.lockId,
    batch_index: batch.batchIndex,
    first_attendance_id: batch.firstAttendanceId,
    last_attendance_id: batch.lastAttendanceId,
    record_count: batch.recordCount,
    is_last: batch.isLast,
    status: 'pending' as const,
    attempts: 0,
    claimed_until: toDbTime(claimUntil),
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

/** Takes an undelivered batch for this run; false when another run holds it or it was delivered. */
export async function claimBatch(db: Knex, id: number, now: Date, claimUntil: Date): Promise<boolean> {
  const n = await db('partner_deliveries')
    .where({ id })
    .whereNot('status', 'delivered')
    .andWhere((w) => w.whereNull('claimed_until').orWhere('claimed_until', '<', toDbTime(now)))
    .update({ claimed_until: toDbTime(claimUntil), updated_at: toDbTime(now) });
  return n === 1;
}

/** One attempt's outcome. Delivered only on a 2xx; `final` marks a non-2xx as failed. */
export async function recordAttempt(
  db: Knex,
  id: number,
  outcome: AttemptOutcome,
  now: Date,
  final: boolean,
): Promise<void> {
  const delivered = isSuccess(outcome);
  const patch: Record<string, unknown> = {
    attempts: db.raw('?? + 1', ['attempts']),
    status: delivered ? 'delivered' : final ? 'failed' : 'pending',
    response_code: outcome.kind === 'response' ? outcome.status : null,
    last_error: delivered ? null : describeOutcome(outcome),
    delivered_at: delivered ? toDbTime(now) : null,
    updated_at: toDbTime(now),
  };
  // The claim ends with the batch's last attempt; between attempts this run still holds it.
  if (delivered || final) patch.claimed_until = null;
  await db('partner_deliveries').where({ id }).update(patch);
}

/** Gives up a batch without another attempt (e.g. Retry-After longer than the push waits). */
export async function markFailed(db: Knex, id: number, reason: string, now: Date): Promise<void> {
  await db('partner_deliveries')
    .where({ id })
    .update({
      status: 'failed',
      last_error: reason.slice(0, 1000),
      claimed_until: null,
      updated_at: toDbTime(now),
    });
}

export async function releaseClaim(db: Knex, id: number): Promise<void> {
  await db('partner_deliveries').where({ id }).update({ claimed_until: null });
}

/** The batches of one (partner, lock), in batch order. */
export async function batchesOfLock(db: Knex, partnerId: number, lockId: number): Promise<DeliveryRow[]> {
  return db('partner_deliveries').where({ partner_id: partnerId, lock_id: lockId }).orderBy('batch_index');
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
