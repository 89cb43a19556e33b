// The employee-day a correction request names: the unit it belongs to (the primary deployment on
// that day, as placement.ts places punches) and the lock that covers it, if any.
import type { Knex } from 'knex';
import { ValidationError } from '../../../core/errors.js';
import { ORG_SCOPE, unitScope } from '../locks.js';

export interface DayUnit {
  unitId: number;
  unitCode: string;
  timeZone: string;
}

/** The unit of the employee's primary deployment on `date`; a 422 naming `date` without one. */
export async function unitOnDate(trx: Knex, employeeId: number, date: string): Promise<DayUnit> {
  const d = await trx('employee_deployments as d')
    .join('organization_units as u', 'u.id', 'd.organization_unit_id')
    .where({ 'd.employee_id': employeeId, 'd.is_primary': true })
    .where('d.starts_on', '<=', date)
    .where((w) => w.whereNull('d.ends_on').orWhere('d.ends_on', '>=', date))
    .orderBy('d.starts_on', 'desc')
    .first('d.organization_unit_id', 'u.code', 'u.timezone');
  if (!d) {
    throw ValidationError.field('date', 'The employee has no primary deployment at a unit on this date.');
  }
  return { unitId: Number(d.organization_unit_id), unitCode: String(d.code), timeZone: String(d.timezone) };
}

export interface DayLock {
  id: number;
  createdAt: string;
}

/**
 * The lock that covers the day: the one that stamped its row, or, for a day without a row, the
 * lock of its unit or of the whole organization for that month (the one a lock-time row would have
 * been stamped with: the unit's own when there is one). Null: the day is not locked.
 */
export async function lockOfDay(
  trx: Knex,
  day: { organizationId: number; unitId: number; date: string },
  row: { locked_at: unknown; lock_id: unknown } | undefined,
): Promise<DayLock | null> {
  if (row) {
    if (row.locked_at === null || row.lock_id === null) return null;
    const stamped = await trx('attendance_locks')
      .where({ id: Number(row.lock_id) })
      .first('id', 'created_at');
    return stamped ? { id: Number(stamped.id), createdAt: stamped.created_at } : null;
  }
  const locks = await trx('attendance_locks')
    .where({ organization_id: day.organizationId, month: day.date.slice(0, 7) })
    .whereIn('scope_key', [ORG_SCOPE, unitScope(day.unitId)])
    .select('id', 'scope_key', 'created_at');
  const lock = locks.find((l) => l.scope_key !== ORG_SCOPE) ?? locks[0];
  return lock ? { id: Number(lock.id), createdAt: lock.created_at } : null;
}
