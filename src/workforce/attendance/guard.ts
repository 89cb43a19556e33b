// The one rule every attendance writer obeys (ingestion, import, corrections, offboarding…): a
// write that would touch a locked row, or create a row inside a locked pay month, is refused with
// 409 ATTENDANCE_LOCKED and nothing changes. Call it inside the writer's own transaction.
import type { Knex } from 'knex';
import { ConflictError } from '../../core/errors.js';
import { holdMonth, type MonthLockRef } from './month-mutex.js';

export const ATTENDANCE_LOCKED = 'ATTENDANCE_LOCKED';

export class AttendanceLockedError extends ConflictError {
  constructor(dates: string[], lockIds: number[]) {
    super(`Attendance is locked for ${dates.join(', ')}; unlock the pay month first.`, ATTENDANCE_LOCKED, {
      locked_dates: dates,
      lock_ids: lockIds,
    });
  }
}

/** A stored attendance row of one of the dates, as the caller read it (locked) in its transaction. */
export interface HeldRow {
  date: string;
  locked_at: string | null;
  lock_id: number | string | null;
}

/**
 * Refuses when any of `dates` (YYYY-MM-DD) of the employee is a locked row, or falls in a month
 * locked for the employee's organization, or for `unitId` (default: every unit the employee is
 * deployed at on those dates).
 *
 * The months of `dates` are held in share mode first (month-mutex.ts), so a concurrent lock of one
 * of them either committed before this looks, or waits until the caller's transaction ends. A
 * caller that already holds them passes what holdMonth returned as `locks`, one that knows the
 * employee's organization names it as `organizationId`, and one that already read the rows of
 * `dates` for update passes them as `rows`: the same checks then run without reading these again.
 */
export async function assertNotLocked(
  trx: Knex,
  employeeId: number,
  dates: string[],
  opts: { unitId?: number; organizationId?: number; locks?: MonthLockRef[]; rows?: HeldRow[] } = {},
): Promise<void> {
  const wanted = [...new Set(dates)].sort();
  if (wanted.length === 0) return;
  const months = [...new Set(wanted.map((d) => d.slice(0, 7)))];
  let locks = opts.locks;
  if (locks === undefined) {
    let organizationId = opts.organizationId;
    if (organizationId === undefined) {
      const employee = await trx('employees').where({ id: employeeId }).first('organization_id');
      if (!employee) return;
      organizationId = Number(employee.organization_id);
    }
    locks = await holdMonth(trx, organizationId, months, 'share');
  }

  const lockedRows = opts.rows
    ? opts.rows.filter((r) => wanted.includes(String(r.date)) && r.locked_at !== null)
    : await trx('attendance')
        .where({ employee_id: employeeId })
        .whereIn('date', wanted)
        .whereNotNull('locked_at')
        .select('date', 'lock_id');
  const lockedDates = new Set<string>(lockedRows.map((r) => String(r.date)));
  const lockIds = new Set<number>(lockedRows.filter((r) => r.lock_id !== null).map((r) => Number(r.lock_id)));

  if (locks.length) {
    const unitsOn = await unitsByDate(trx, employeeId, wanted, opts.unitId);
    for (const date of wanted) {
      const month = date.slice(0, 7);
      for (const lock of locks) {
        if (lock.month !== month) continue;
        const covers =
          lock.scope_key === 'org' || (unitsOn.get(date) ?? []).some((u) => lock.scope_key === `unit:${u}`);
        if (covers) {
          lockedDates.add(date);
          lockIds.add(Number(lock.id));
        }
      }
    }
  }
  if (lockedDates.size) {
    throw new AttendanceLockedError(
      [...lockedDates].sort(),
      [...lockIds].sort((a, b) => a - b),
    );
  }
}

async function unitsByDate(
  trx: Knex,
  employeeId: number,
  dates: string[],
  unitId: number | undefined,
): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (unitId !== undefined) {
    for (const d of dates) out.set(d, [unitId]);
    return out;
  }
  const deployments = await trx('employee_deployments')
    .where({ employee_id: employeeId })
    .select('organization_unit_id', 'starts_on', 'ends_on');
  for (const d of dates) {
    out.set(
      d,
      deployments
        .filter((x) => String(x.starts_on) <= d && (x.ends_on === null || String(x.ends_on) >= d))
        .map((x) => Number(x.organization_unit_id)),
    );
  }
  return out;
}
