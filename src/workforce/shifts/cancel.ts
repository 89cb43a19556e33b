// Cancelling planned shift assignments, the step offboarding, unit retirement and transfers share.
// Shifts never move: a cancelled shift is listed in the summary so it can be assigned again.
import type { Knex } from 'knex';
import { lockForUpdate } from '../../db/knex.js';
import { toDbTime } from '../../db/time.js';
import { chunks } from '../context.js';

export interface ShiftFilter {
  employeeId?: number;
  unitId?: number;
  /** First date cancelled (inclusive); earlier shifts are history and stay as they are. */
  from: string;
}

/** Cancels the planned shifts matching `filter`; returns their ids in id order. */
export async function cancelPlannedShifts(trx: Knex, now: Date, filter: ShiftFilter): Promise<number[]> {
  const q = trx('shift_assignments').where('state', 'planned').where('assigned_for', '>=', filter.from);
  if (filter.employeeId !== undefined) q.where('employee_id', filter.employeeId);
  if (filter.unitId !== undefined) q.where('organization_unit_id', filter.unitId);
  const rows = await lockForUpdate(q.select('id').orderBy('id'), trx);
  const ids = rows.map((r: { id: number }) => Number(r.id));
  const at = toDbTime(now);
  for (const part of chunks(ids)) {
    await trx('shift_assignments')
      .whereIn('id', part)
      .update({ state: 'cancelled', cancelled_at: at, updated_at: at });
  }
  return ids;
}
