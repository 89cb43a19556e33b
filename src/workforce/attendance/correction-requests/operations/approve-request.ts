// attendance.correction-request.approve (issue 28): hr or org_admin (attendance.lock in the
// request's organization) applies the request to its one day inside the locked month, without
// unlocking anything: the day keeps its lock, gains the trail entries and CORRECTED_AFTER_LOCK
// (apply.ts), and the next partner push sends it as a correction batch.
//
// Races: the approval holds the month's mutex (attendance/month-mutex.ts, exclusively, as lock and unlock do), then
// the request row. So an unlock or a re-lock of the month runs wholly before it (the approval then
// finds the day unlocked: 409 MONTH_NOT_LOCKED, nothing changed; or stamped by the new lock, which
// it keeps) or wholly after it (and reopens the corrected day with the rest); of two approvals (or
// an approval and a rejection) of one request, the second finds it decided: 409.
import { ConflictError } from '../../../../core/errors.js';
import { defineWrite } from '../../../../core/operation.js';
import { lockForUpdate } from '../../../../db/knex.js';
import { fromDbTime, toDbTime } from '../../../../db/time.js';
import { actingUser, type WorkforceRun } from '../../../context.js';
import { applyToLockedDay } from '../apply.js';
import { lockOfDay, unitOnDate } from '../day.js';
import { holdMonth } from '../../month-mutex.js';
import { approveRequestSchema } from '../schemas.js';
import { selectRequests, serializeRequest, type CorrectionRequestView } from '../serialize.js';
import { MONTH_NOT_LOCKED } from './file-request.js';
import { lockPending, requestToDecide } from './decide.js';

export const approveRequest = defineWrite('attendance.correction-request.approve', 'attendance.lock', {
  summary: 'Approve a correction request: correct its one day inside the locked month',
  input: approveRequestSchema,
  // Every read after the mutex must see what committed while it waited (as unlock-month.ts).
  isolation: 'read committed',
  async run(ctx: WorkforceRun, input): Promise<CorrectionRequestView> {
    const { db: trx, services } = ctx;
    const actor = actingUser(ctx);
    const found = await requestToDecide(ctx, input.request_id);
    await holdMonth(trx, found.organizationId, found.month); // exclusive: as lock and unlock
    const request = await lockPending(trx, found.id);
    const date = String(request.date).slice(0, 10);
    const employeeId = Number(request.employee_id);
    const current = await lockForUpdate(
      trx('attendance').where({ employee_id: employeeId, date }),
      trx,
    ).first();
    const unit = await unitOnDate(trx, employeeId, date);
    const lock = await lockOfDay(
      trx,
      { organizationId: found.organizationId, unitId: unit.unitId, date },
      current,
    );
    if (!lock) {
      throw new ConflictError(
        `${date} is no longer locked: correct it with a correction punch, then reject request ${found.id}.`,
        MONTH_NOT_LOCKED,
        { use: 'POST /api/v1/attendance/punches' },
      );
    }
    const now = services.clock.now();
    const applied = await applyToLockedDay(trx, {
      requestId: found.id,
      employeeId,
      organizationId: found.organizationId,
      date,
      unit,
      lock,
      current,
      times: {
        check_in: fromDbTime(request.proposed_check_in),
        check_out: fromDbTime(request.proposed_check_out),
      },
      by: actor.userId,
      now,
    });
    await trx('attendance_correction_requests')
      .where({ id: found.id })
      .update({
        status: 'approved',
        decided_by: actor.userId,
        decided_at: toDbTime(now),
        lock_id: lock.id,
        attendance_id: applied.attendanceId,
        updated_at: toDbTime(now),
      });
    ctx.audit({
      action: 'attendance.correction_approved',
      subjectType: 'attendance_correction_request',
      subjectId: found.id,
      scopeId: found.organizationId,
      details: {
        request_id: found.id,
        date,
        lock_id: lock.id,
        attendance_id: applied.attendanceId,
        changes: applied.changes.map(({ field, from, to }) => ({ field, from, to })),
      },
    });
    return serializeRequest(await selectRequests(trx).where('r.id', found.id).first());
  },
});
