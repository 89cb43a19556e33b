// Where a punch belongs: the unit of the employee's primary deployment on that day, and the day
// itself, read from the punch instant in that unit's time zone (never the device's or the process's).
import type { Knex } from 'knex';
import { HOUR } from '../../core/clock.js';
import { zonedParts } from '../../core/calendar.js';
import { ValidationError } from '../../core/errors.js';
import { fromDbTime, toDbTime } from '../../db/time.js';

/** A check-out this soon after an open check-in of an earlier day closes that day (night shifts). */
export const OVERNIGHT_WINDOW_HOURS = 16;

export interface Placement {
  date: string;
  unitId: number;
  timeZone: string;
}

export async function placePunch(
  trx: Knex,
  employeeId: number,
  kind: 'check_in' | 'check_out',
  at: Date,
): Promise<Placement> {
  const deployments = await trx('employee_deployments as d')
    .join('organization_units as u', 'u.id', 'd.organization_unit_id')
    .where({ 'd.employee_id': employeeId, 'd.is_primary': true })
    .orderBy('d.starts_on', 'desc')
    .select('d.organization_unit_id', 'd.starts_on', 'd.ends_on', 'u.timezone');
  let placement: Placement | null = null;
  for (const d of deployments) {
    const date = zonedParts(at, d.timezone).date;
    if (String(d.starts_on) <= date && (d.ends_on === null || String(d.ends_on) >= date)) {
      placement = { date, unitId: Number(d.organization_unit_id), timeZone: String(d.timezone) };
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

/** The latest check-in within the overnight window that no check-out has closed yet. */
async function openCheckInBefore(trx: Knex, employeeId: number, at: Date): Promise<{ date: string } | null> {
  const since = new Date(at.getTime() - OVERNIGHT_WINDOW_HOURS * HOUR);
  const lastIn = await trx('attendance_punches')
    .where({ employee_id: employeeId, kind: 'check_in' })
    .where('punched_at', '<', toDbTime(at))
    .where('punched_at', '>=', toDbTime(since))
    .orderBy('punched_at', 'desc')
    .first('date', 'punched_at');
  if (!lastIn) return null;
  const closed = await trx('attendance_punches')
    .where({ employee_id: employeeId, kind: 'check_out', date: lastIn.date })
    .where('punched_at', '>', toDbTime(fromDbTime(lastIn.punched_at)!))
    .first('id');
  return closed ? null : { date: String(lastIn.date) };
}
