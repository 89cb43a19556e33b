// Where a punch belongs: the unit of the employee's primary deployment on that day, and the day
// itself, read from the punch instant in that unit's time zone (never the device's or the process's).
import type { Knex } from 'knex';
import { HOUR } from '../../core/clock.js';
import { zonedParts } from '../../core/calendar.js';
import { ValidationError } from '../../core/errors.js';
import { toDbTime } from '../../db/time.js';

/** A check-out this soon after an open check-in of an earlier day closes that day (night shifts). */
export const OVERNIGHT_WINDOW_HOURS = 16;

export interface Placement {
  date: string;
  unitId: number;
  unitCode: string;
  timeZone: string;
  /** The unit's organization, read in the same statement (a punch needs its code and device rule). */
  organization: { code: string; require_device_for_punches: unknown };
}

export async function placePunch(
  trx: Knex,
  employeeId: number,
  kind: 'check_in' | 'check_out',
  at: Date,
): Promise<Placement> {
  const deployments = await trx('employee_deployments as d')
    .join('organization_units as u', 'u.id', 'd.organization_unit_id')
    .join('organizations as o', 'o.id', 'u.organization_id')
    .where({ 'd.employee_id': employeeId, 'd.is_primary': true })
    .orderBy('d.starts_on', 'desc')
    .select(
      'd.organization_unit_id',
      'd.starts_on',
      'd.ends_on',
      'u.timezone',
      'u.code',
      'o.code as organization_code',
      'o.require_device_for_punches',
    );
  let placement: Placement | null = null;
  for (const d of deployments) {
    const date = zonedParts(at, d.timezone).date;
    if (String(d.starts_on) <= date && (d.ends_on === null || String(d.ends_on) >= date)) {
      placement = {
        date,
        unitId: Number(d.organization_unit_id),
        unitCode: String(d.code),
        timeZone: String(d.timezone),
        organization: {
          code: String(d.organization_code),
          require_device_for_punches: d.require_device_for_punches,
        },
      };
      break;
    }
  }
  if (!placement) {
    throw ValidationError.field(
      'employee_id',
      'The employee has no primary deployment at a unit on the day of this punch.',
    );
  }
  if (kind === 'check_out') {
    const earlier = await openCheckInBefore(trx, employeeId, at);
    if (earlier && earlier.date < placement.date) return { ...placement, date: earlier.date };
  }
  return placement;
}

/**
 * The latest check-in within the overnight window that no check-out has closed yet: the check-in and
 * whether a later check-out of its day exists, in one statement.
 */
async function openCheckInBefore(trx: Knex, employeeId: number, at: Date): Promise<{ date: string } | null> {
  const since = new Date(at.getTime() - OVERNIGHT_WINDOW_HOURS * HOUR);
  const closedBy = trx('attendance_punches as o')
    .where('o.kind', 'check_out')
    .whereRaw('?? = ??', ['o.employee_id', 'i.employee_id'])
    .whereRaw('?? = ??', ['o.date', 'i.date'])
    .whereRaw('?? > ??', ['o.punched_at', 'i.punched_at'])
    .select(trx.raw('1'));
  const lastIn = await trx('attendance_punches as i')
    .where({ 'i.employee_id': employeeId, 'i.kind': 'check_in' })
    .where('i.punched_at', '<', toDbTime(at))
    .where('i.punched_at', '>=', toDbTime(since))
    .orderBy('i.punched_at', 'desc')
    .first('i.date', trx.raw('exists ? as closed', [closedBy]));
  if (!lastIn || Number(lastIn.closed) === 1) return null;
  return { date: String(lastIn.date) };
}
