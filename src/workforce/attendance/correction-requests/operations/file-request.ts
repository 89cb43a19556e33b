// attendance.correction-request.file (issue 28): an employee asks for their own day of a locked
// month to be corrected, or a manager asks it for someone of their team. Nothing changes on the day
// yet: hr or org_admin decides (approve-request.ts, reject-request.ts).
//
// Who may ask: the employee for their own day; for someone else's day, a staff role (shift_manager,
// hr, org_admin, system_admin) in that employee's organization — the contract gives a manager no
// smaller team than their organization (roles are held per organization). Outside the caller's
// organizations the employee is a 404; inside, a plain employee asking for a colleague is a 403.
//
// A day of an unlocked month is refused with 409 MONTH_NOT_LOCKED: it is just a correction, made
// directly with POST /attendance/punches (the request would only delay it).
import type { Knex } from 'knex';
import { MINUTE } from '../../../../core/clock.js';
import { addDays, zonedParts } from '../../../../core/calendar.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../../core/errors.js';
import { defineWrite, ownershipRule } from '../../../../core/operation.js';
import { toDbTime } from '../../../../db/time.js';
import { actingUser, type WorkforceRun } from '../../../context.js';
import { authorizeRead, staffOrganizationIds, type UserPrincipal } from '../../../identity/principal.js';
import { FUTURE_TOLERANCE_MINUTES } from '../../operations/record-punch.js';
import { lockOfDay, unitOnDate, type DayUnit } from '../day.js';
import { fileRequestSchema, type FileRequestInput } from '../schemas.js';
import { selectRequests, serializeRequest, type CorrectionRequestView } from '../serialize.js';

export const MONTH_NOT_LOCKED = 'MONTH_NOT_LOCKED';
export const REQUEST_PENDING = 'REQUEST_PENDING';

export const fileCorrectionRequest = defineWrite('attendance.correction-request.file', 'authenticated', {
  summary: 'Ask for one day of a locked month to be corrected (the employee, or a manager for their team)',
  input: fileRequestSchema,
  async run(ctx: WorkforceRun, input): Promise<CorrectionRequestView> {
    const { db: trx, services } = ctx;
    const actor = actingUser(ctx);
    const employee = await ctx.owns(requestedEmployee(actor, input.employee_id));
    const organizationId = Number(employee.organization_id);
    const employeeId = Number(employee.id);
    const unit = await unitOnDate(trx, employeeId, input.date);
    checkTimes(input, unit, services.clock.now());

    const row = await trx('attendance').where({ employee_id: employeeId, date: input.date }).first();
    const lock = await lockOfDay(trx, { organizationId, unitId: unit.unitId, date: input.date }, row);
    if (!lock) {
      throw new ConflictError(
        `${input.date} is not in a locked month: correct it directly with a correction punch ` +
          '(POST /api/v1/attendance/punches with employee_id) instead of a correction request.',
        MONTH_NOT_LOCKED,
        { use: 'POST /api/v1/attendance/punches' },
      );
    }
    const open = await trx('attendance_correction_requests')
      .where({ employee_id: employeeId, date: input.date, status: 'pending' })
      .first('id');
    if (open) {
      throw new ConflictError(
        `Request ${open.id} for this day is still pending; it is decided before another is filed.`,
        REQUEST_PENDING,
        { request_id: Number(open.id) },
      );
    }

    const now = toDbTime(services.clock.now());
    const [id] = await trx('attendance_correction_requests').insert({
      organization_id: organizationId,
      employee_id: employeeId,
      date: input.date,
      month: input.date.slice(0, 7),
      proposed_check_in: input.check_in ? toDbTime(new Date(input.check_in)) : null,
      proposed_check_out: input.check_out ? toDbTime(new Date(input.check_out)) : null,
      reason: input.reason,
      status: 'pending',
      requested_by: actor.userId,
      created_at: now,
      updated_at: now,
    });
    ctx.audit({
      action: 'attendance.correction_requested',
      subjectType: 'attendance_correction_request',
      subjectId: Number(id),
      scopeId: organizationId,
      details: { employee_id: employee.employee_id, date: input.date, lock_id: lock.id },
    });
    return serializeRequest(await selectRequests(trx).where('r.id', id).first());
  },
});

/** The employee asked for: the caller's own, or one of their team (see the header). */
/** Whose day the caller may ask about: their own, or (staff) someone of their organization's. */
const requestedEmployee = (actor: UserPrincipal, code: string | undefined) =>
  ownershipRule('employee (one’s own; another’s as staff of their organization)', (trx) =>
    findEmployee(trx, actor, code),
  );

async function findEmployee(trx: Knex, actor: UserPrincipal, code: string | undefined) {
  const q = trx('employees').whereNull('deleted_at');
  const employee = await (
    code === undefined ? q.where({ user_id: actor.userId }) : q.where({ employee_id: code })
  ).first();
  if (!employee) {
    if (code === undefined) {
      throw ValidationError.field('employee_id', 'You have no employee record; name the employee_id.');
    }
    throw new NotFoundError('Employee not found.');
  }
  if (Number(employee.user_id) === actor.userId) return employee;
  const organizationId = Number(employee.organization_id);
  authorizeRead(actor, organizationId, 'Employee');
  const staff = staffOrganizationIds(actor);
  if (staff !== null && !staff.includes(organizationId)) {
    throw new ForbiddenError('You may ask for corrections of your own days, or of your team as a manager.');
  }
  return employee;
}

/**
 * The proposed times against the day, in its unit's time zone: the check-in on the day, the
 * check-out after it on the day or the next (a night shift), neither in the future.
 */
function checkTimes(input: FileRequestInput, unit: DayUnit, now: Date): void {
  const latest = now.getTime() + FUTURE_TOLERANCE_MINUTES * MINUTE;
  const fields = [
    ['check_in', input.check_in, [input.date]],
    ['check_out', input.check_out, [input.date, addDays(input.date, 1)]],
  ] as const;
  for (const [field, value, days] of fields) {
    if (!value) continue;
    const at = new Date(value);
    if (at.getTime() > latest)
      throw ValidationError.field(field, `The ${field} field must not be in the future.`);
    const local = zonedParts(at, unit.timeZone).date;
    if (!(days as readonly string[]).includes(local)) {
      throw ValidationError.field(
        field,
        `The ${field} field falls on ${local} in ${unit.timeZone} (unit ${unit.unitCode}), not on ${input.date}` +
          (field === 'check_out' ? ' or the morning after.' : '.'),
      );
    }
  }
}
