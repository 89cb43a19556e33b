// attendance.record-punch (ingestion): an employee's check-in or check-out, or an admin's
// correction for an employee in scope. The server places the punch on a unit-local day, absorbs a
// repeated identical punch, refuses a locked day, and re-derives the daily record from the day's
// punches.
//
// The rule is `authenticated`: a punch of one's own needs no permission. A correction (another
// employee's punch) needs attendance.lock in that employee's organization, checked by the
// ownership rule (punchedEmployee) with the same 404-outside / 403-inside rule the policy applies.
import type { Knex } from 'knex';
import { MINUTE } from '../../../core/clock.js';
import { LockedError, NotFoundError, ValidationError } from '../../../core/errors.js';
import { defineWrite, ownershipRule } from '../../../core/operation.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { lockForUpdate } from '../../../db/knex.js';
import { fromDbTime, toDbTime } from '../../../db/time.js';
import { actingUser, bool, type WorkforceActor, type WorkforceRun } from '../../context.js';
import { authorize, type UserPrincipal } from '../../identity/principal.js';
import { baselineInstants, deriveDay, type DerivedDay } from '../derive.js';
import { assertNotLocked } from '../guard.js';
import { holdMonth } from '../month-mutex.js';
import { placePunch } from '../placement.js';
import { punchSchema, type PunchKind } from '../schemas.js';
import { parseFlags } from '../../partners/records.js';
import {
  changedFields,
  parseTrail,
  selectAttendance,
  serializeAttendance,
  type AttendanceRecord,
  type CorrectionEntry,
  type PunchRecorded,
} from '../serialize.js';
import type { Shape } from '../../../core/shape.js';

/** Device clocks drift; a punch further ahead of the server than this is refused. */
export const FUTURE_TOLERANCE_MINUTES = 5;

export type PunchResult = Shape<typeof PunchRecorded>;

export const recordPunch = defineWrite('attendance.record-punch', 'authenticated', {
  summary: 'Record a check-in or check-out punch (ingestion)',
  input: punchSchema,
  // Punches of one employee queue on the employee row; each must then read what the ones before it
  // committed. Under REPEATABLE READ every plain read comes from the snapshot of the first one,
  // taken before the wait: a queued punch missed the punches (and month locks) committed meanwhile,
  // derived the day without them and overwrote it. READ COMMITTED reads afresh per statement.
  isolation: 'read committed',
  async run(ctx: WorkforceRun, input): Promise<PunchResult> {
    const { db: trx, services } = ctx;
    const actor = actingUser(ctx);
    const { clock } = services;
    const at = new Date(input.at);
    const kind = input.kind as PunchKind;
    if (at.getTime() > clock.now().getTime() + FUTURE_TOLERANCE_MINUTES * MINUTE) {
      throw ValidationError.field('at', 'The at field must not be in the future.');
    }
    // Punches of one employee serialise on the employee row, taken by the read that finds it.
    const employee = await ctx.owns(punchedEmployee(input.employee_id));
    const organizationId = Number(employee.organization_id);
    const source = Number(employee.user_id) === actor.userId ? 'self' : 'correction';
    if (!employee.is_active) throw ValidationError.field('employee_id', 'The employee is not active.');
    const employeeId = Number(employee.id);
    // Where the punch belongs, with the organization's code and device rule read in the same statement.
    const place = await placePunch(trx, employeeId, kind, at);
    const org = place.organization;
    if (source === 'self') requireDeviceWhenBound(org, actor);

    const existing = await trx('attendance_punches')
      .where({ employee_id: employeeId, kind, punched_at: toDbTime(at) })
      .first('date');
    if (existing) {
      const row = await loadRecord(trx, employeeId, String(existing.date));
      return { punch: describe(kind, at, String(existing.date), true, source), attendance: row! };
    }

    // The month's mutex in share mode (month-mutex.ts), with its locks: a lock of this month either
    // committed before, or waits for this punch; a lock of another month does not touch it.
    const locks = await holdMonth(trx, organizationId, place.date.slice(0, 7), 'share');
    const now = toDbTime(clock.now());
    const current = await lockForUpdate(
      trx('attendance').where({ employee_id: employeeId, date: place.date }),
      trx,
    ).first();
    await assertNotLocked(trx, employeeId, [place.date], {
      unitId: place.unitId,
      locks,
      rows: current ? [current] : [],
    });
    // The day's punches so far: whether the day was punched before (baselineOf), and with this one
    // the punches the day is derived from.
    const earlier = await dayPunches(trx, employeeId, place.date, current);
    const baseline = baselineOf(current, earlier.length > 0);
    let punches = [...earlier, { kind, punched_at: toDbTime(at), source }];
    try {
      await trx('attendance_punches').insert({
        employee_id: employeeId,
        organization_unit_id: place.unitId,
        kind,
        punched_at: toDbTime(at),
        date: place.date,
        source,
        recorded_by: actor.userId,
        created_at: now,
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Stored meanwhile by a writer that does not queue on the employee row: derive from the table.
      punches = await dayPunches(trx, employeeId, place.date, current);
    }

    const shift = await trx('shift_assignments')
      .where({ employee_id: employeeId, assigned_for: place.date, state: 'planned' })
      .orderBy('id')
      .first('starts_at', 'ends_at');
    const derived = deriveDay({
      date: place.date,
      timeZone: place.timeZone,
      punches: punches.map((p) => ({ kind: p.kind, at: fromDbTime(p.punched_at)!, source: p.source })),
      baseline: baseline && baselineInstants(place.date, place.timeZone, baseline),
      shift: shift ?? null,
      regularized:
        punches.some((p) => p.source === 'correction') ||
        (current ? parseFlags(current.flags).includes('REGULARIZED') : false),
      previous: current ? { ...current, flags: parseFlags(current.flags) } : null,
    });
    const trail = parseTrail(current?.correction_trail);
    if (source === 'correction') trail.push(...amendments(current, derived, actor.userId, clock.now()));
    const values = {
      ...derived,
      flags: JSON.stringify(derived.flags),
      baseline: baseline ? JSON.stringify(baseline) : null,
      correction_trail: trail.length ? JSON.stringify(trail) : null,
      updated_at: now,
    };
    let id: number;
    if (current) {
      await trx('attendance').where({ id: current.id }).update(values);
      id = Number(current.id);
    } else {
      const [inserted] = await trx('attendance').insert({
        ...values,
        employee_id: employeeId,
        organization_id: employee.organization_id,
        organization_unit_id: place.unitId,
        date: place.date,
        created_at: now,
      });
      id = Number(inserted);
    }
    const unitId = current ? Number(current.organization_unit_id) : place.unitId;
    // The record as written, served without reading it back; a day stored at another unit than the
    // punch's (an imported day) is read back for that unit's code.
    const attendance =
      unitId === place.unitId
        ? serializeAttendance({
            ...values,
            id,
            date: place.date,
            locked_at: current?.locked_at ?? null,
            lock_id: current?.lock_id ?? null,
            employee_code: employee.employee_id,
            organization_code: org.code,
            unit_code: place.unitCode,
          })
        : (await loadRecord(trx, employeeId, place.date))!;
    return { punch: describe(kind, at, place.date, false, source), attendance };
  },
});

/**
 * Buddy punching: where the organization binds punches to devices (the default), an employee's own
 * punch must come from one of their approved devices, whatever kind of token the app holds. The
 * fingerprint itself was checked by the access guard; here only its presence is required.
 * Corrections by hr or a manager are not punches from a phone and are not affected.
 */
function requireDeviceWhenBound(org: { require_device_for_punches: unknown }, actor: UserPrincipal) {
  if (!bool(org.require_device_for_punches) || actor.deviceFingerprint) return;
  throw new LockedError(
    'Your organization requires punches from an approved device: send X-Device-Fingerprint.',
    'DEVICE_REQUIRED',
  );
}

/**
 * The punches the day is derived from, in the order they were recorded: those after the last import
 * that rewrote the day (its baseline's `after_punch`, see import/sections/attendance.ts).
 */
export function dayPunches(trx: Knex, employeeId: number, date: string, current: any) {
  const cut = current?.baseline ? Number(JSON.parse(current.baseline).after_punch ?? 0) : 0;
  return trx('attendance_punches')
    .where({ employee_id: employeeId, date })
    .where('id', '>', cut)
    .orderBy('id')
    .select('kind', 'punched_at', 'source');
}

/**
 * The times a day had before its first punch (an imported day): kept once, so every later punch
 * amends them instead of deriving the day from punches alone. A re-import replaces them.
 */
export function baselineOf(
  current: any,
  punchedBefore: boolean,
): { check_in: string | null; check_out: string | null; after_punch?: number | null } | null {
  if (!current) return null;
  if (current.baseline) return JSON.parse(current.baseline);
  return punchedBefore ? null : { check_in: current.check_in ?? null, check_out: current.check_out ?? null };
}

/** The trail entries of one correction: each field it changed, from what to what, by whom and when. */
function amendments(current: any, derived: DerivedDay, by: number, at: Date): CorrectionEntry[] {
  return changedFields(current, derived).map((change) => ({ by, at: at.toISOString(), ...change }));
}

/**
 * Whose punch the caller may record: their own employee record, or (a correction) another
 * employee's in an organization where they hold attendance.lock.
 */
const punchedEmployee = (code: string | undefined) =>
  ownershipRule(
    'employee (one’s own; another’s with attendance.lock)',
    async (trx, userId, actor: WorkforceActor) => {
      const employee = await findEmployee(trx, userId, code);
      if (Number(employee.user_id) !== userId) {
        authorize(actingUser({ actor }), 'attendance.lock', Number(employee.organization_id), 'Employee');
      }
      return employee;
    },
  );

/** The employee a punch is for, read and locked in one statement (the caller's own, or by code). */
async function findEmployee(trx: Knex, userId: number, code: string | undefined) {
  if (code === undefined) {
    const own = await lockForUpdate(
      trx('employees').where({ user_id: userId }).whereNull('deleted_at'),
      trx,
    ).first();
    if (!own) {
      throw ValidationError.field(
        'employee_id',
        'You have no employee record; name the employee_id to record a punch for an employee.',
      );
    }
    return own;
  }
  const employee = await lockForUpdate(
    trx('employees').where({ employee_id: code }).whereNull('deleted_at'),
    trx,
  ).first();
  if (!employee) throw new NotFoundError('Employee not found.');
  return employee;
}

async function loadRecord(trx: Knex, employeeId: number, date: string): Promise<AttendanceRecord | null> {
  const row = await selectAttendance(trx('attendance as a'))
    .where({ 'a.employee_id': employeeId, 'a.date': date })
    .first();
  return row ? serializeAttendance(row) : null;
}

function describe(
  kind: PunchKind,
  at: Date,
  date: string,
  duplicate: boolean,
  source: 'self' | 'correction',
) {
  return { kind, at: at.toISOString(), date, duplicate, source };
}
