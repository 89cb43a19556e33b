// When a month counts as locked for the pull endpoint and the exports.
// An organization's month is locked when an organization-scope lock record exists for it AND none of
// its attendance rows in that month is unlocked (an org lock over units locked earlier leaves their
// rows stamped by the unit locks; unlocking one of those reopens part of the month, and a partner must
// never receive a partial month with a 200). A unit's month is locked when the organization's lock or
// the unit's own lock exists AND none of the unit's rows in that month is unlocked.
import type { Knex } from 'knex';
import { ConflictError } from '../../core/errors.js';
import { monthRange, type MonthScope } from './records.js';

export const LOCK_PENDING = 'LOCK_PENDING';

export function lockPendingError(what: string, month: string): ConflictError {
  return new ConflictError(
    `Attendance of ${what} for ${month} is not locked yet; lock the month before it is pulled or exported.`,
    LOCK_PENDING,
  );
}

export async function isMonthLocked(db: Knex, scope: MonthScope): Promise<boolean> {
  const scopeKeys = ['org', ...(scope.unitId ? [`unit:${scope.unitId}`] : [])];
  const lock = await db('attendance_locks')
    .where({ organization_id: scope.organizationId, month: scope.month })
    .whereIn('scope_key', scopeKeys)
    .first('id');
  if (!lock) return false;
  const [from, to] = monthRange(scope.month);
  const open = db('attendance')
    .where('organization_id', scope.organizationId)
    .andWhere('date', '>=', from)
    .andWhere('date', '<', to)
    .whereNull('locked_at');
  if (scope.unitId) open.andWhere('organization_unit_id', scope.unitId);
  return !(await open.first('id'));
}

/** 409 LOCK_PENDING unless the month (of the organization or unit) is locked. */
export async function requireLockedMonth(db: Knex, scope: MonthScope, what: string): Promise<void> {
  if (!(await isMonthLocked(db, scope))) throw lockPendingError(what, scope.month);
}
