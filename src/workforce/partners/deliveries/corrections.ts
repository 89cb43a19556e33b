// Correction batches (issue 28): when hr approves a correction request inside a locked month, every
// partner linked to the organization is owed that one corrected day again. The next push sends it
// as a batch of its own: a ledger row (partner_deliveries) naming the request (correction_request_id)
// and the original lock (lock_id), with its own delivery id, holding exactly the corrected row
// (first = last attendance id), so the ledger's claim, lease, budget, retry and redelivery rules
// (ledger.ts, send-batch.ts, redeliver.ts) apply to it unchanged.
//
// A correction is due while its day is still stamped by the lock it was approved under: once the
// month is unlocked (and perhaps locked again) the new lock sends the whole month, corrected.
import type { Knex } from 'knex';
import { lockRecordsBetween } from '../records.js';
import type { PushContext } from './context.js';
import type { Claim, DeliveryRow } from './ledger.js';
import { claimDelivery, planBatch, releaseDeliveryClaim, withdrawBatch } from './ledger-steps.js';
import type { DueFilters } from './due.js';

export interface DueCorrection {
  partnerId: number;
  partnerName: string;
  requestId: number;
  lockId: number;
  scopeKey: string;
  attendanceId: number;
  organizationId: number;
  organizationCode: string;
  month: string;
}

export async function findDueCorrections(db: Knex, filters: DueFilters = {}): Promise<DueCorrection[]> {
  const qb = db('attendance_correction_requests as r')
    .join('attendance as a', (j) => j.on('a.id', 'r.attendance_id').andOn('a.lock_id', 'r.lock_id'))
    .join('attendance_locks as l', 'l.id', 'r.lock_id')
    .join('partner_organizations as po', 'po.organization_id', 'r.organization_id')
    .join('partners as p', 'p.id', 'po.partner_id')
    .join('organizations as o', 'o.id', 'r.organization_id')
    .where('r.status', 'approved')
    .where('p.is_active', true)
    .whereNotExists((q) =>
      q
        .select(db.raw('1'))
        .from('partner_deliveries as d')
        .whereRaw('d.partner_id = p.id and d.correction_request_id = r.id')
        .where('d.status', 'delivered'),
    )
    .select(
      'p.id as partner_id',
      'p.name as partner_name',
      'r.id as request_id',
      'r.lock_id',
      'l.scope_key',
      'r.attendance_id',
      'r.organization_id',
      'o.code as organization_code',
      'l.month',
    )
    .orderBy([{ column: 'p.name' }, { column: 'r.id' }]);
  if (filters.partnerId) qb.andWhere('p.id', filters.partnerId);
  if (filters.organizationId) qb.andWhere('r.organization_id', filters.organizationId);
  if (filters.month) qb.andWhere('l.month', filters.month);
  const rows = await qb;
  return rows.map((r: any) => ({
    partnerId: Number(r.partner_id),
    partnerName: r.partner_name,
    requestId: Number(r.request_id),
    lockId: Number(r.lock_id),
    scopeKey: r.scope_key,
    attendanceId: Number(r.attendance_id),
    organizationId: Number(r.organization_id),
    organizationCode: r.organization_code,
    month: r.month,
  }));
}

/** The correction's ledger row for this partner, if a run planned it. */
export function correctionBatch(db: Knex, due: DueCorrection): Promise<DeliveryRow | undefined> {
  return db('partner_deliveries')
    .where({ partner_id: due.partnerId, lock_id: due.lockId, correction_request_id: due.requestId })
    .first();
}

/**
 * The correction's batch claimed for this run with its body, or null: another run holds it (or
 * planned it just now), it is dead (only a redelivery sends it), or its day left the lock meanwhile.
 */
export async function claimCorrection(
  ctx: PushContext,
  due: DueCorrection,
  claim: Claim,
): Promise<{ batch: DeliveryRow; body: string } | null> {
  const { db, clock } = ctx.services;
  const planned = await correctionBatch(db, due);
  let batch: DeliveryRow | null = null;
  if (planned) {
    if (planned.status === 'dead' || planned.status === 'delivered') return null;
    const claimed = { delivery: planned.id, claimed_by: claim.by, at: clock.now() };
    if (!(await ctx.call(claimDelivery, claimed))) return null;
    batch = { ...planned, claimed_by: claim.by };
  } else {
    batch = await ctx.call(planBatch, {
      batch: {
        partnerId: due.partnerId,
        organizationId: due.organizationId,
        month: due.month,
        lockId: due.lockId,
        batchIndex: 0,
        firstAttendanceId: due.attendanceId,
        lastAttendanceId: due.attendanceId,
        recordCount: 1,
        isLast: true,
        correctionRequestId: due.requestId,
      },
      claimed_by: claim.by,
      at: clock.now(),
    });
    if (!batch) return null;
  }
  const rows = await lockRecordsBetween(db, due.lockId, due.attendanceId, due.attendanceId);
  if (!rows.length) {
    // Unlocked since it was found due: the next lock of the month carries the day.
    const held = { delivery: batch.id, claimed_by: claim.by };
    await ctx.call(withdrawBatch, held);
    await ctx.call(releaseDeliveryClaim, held);
    return null;
  }
  return { batch, body: JSON.stringify(rows.map((r) => r.record)) };
}
