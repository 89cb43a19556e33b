// Attendance lock records: scope keys and the "already covered" conflicts.
import type { Knex } from 'knex';
import { ConflictError } from '../../core/errors.js';
import { Bool, DateTime, Enum, Int, List, Nullable, Obj, Str, type Shape } from '../../core/shape.js';
import { isoOrNull } from '../../db/time.js';

export const ORG_SCOPE = 'org';
export const unitScope = (unitId: number) => `unit:${unitId}`;

export interface LockRow {
  id: number;
  organization_id: number;
  organization_unit_id: number | null;
  month: string;
  scope_key: string;
  locked_by: number;
  created_at: string;
}

export async function locksOfMonth(trx: Knex, organizationId: number, month: string): Promise<LockRow[]> {
  const rows = await trx('attendance_locks').where({ organization_id: organizationId, month }).orderBy('id');
  return rows.map(normalizeLock);
}

export function normalizeLock(r: any): LockRow {
  return {
    id: Number(r.id),
    organization_id: Number(r.organization_id),
    organization_unit_id: r.organization_unit_id === null ? null : Number(r.organization_unit_id),
    month: String(r.month),
    scope_key: String(r.scope_key),
    locked_by: Number(r.locked_by),
    created_at: r.created_at,
  };
}

/** 409 naming the lock that already covers the requested scope. */
export function alreadyLocked(lock: LockRow, month: string): ConflictError {
  const what = lock.scope_key === ORG_SCOPE ? 'the whole organization' : 'this unit';
  return new ConflictError(
    `${month} is already locked for ${what} (lock ${lock.id}).`,
    'MONTH_ALREADY_LOCKED',
    {
      lock_id: lock.id,
    },
  );
}

/** An attendance lock (the contract's attendance_locks record) as lock and unlock results show it. */
export const AttendanceLock = Obj({
  lock_id: Int(),
  organization_id: Int(),
  organization_unit_id: Nullable(Int({ description: 'null: the whole organization' })),
  scope: Enum(['organization', 'unit'] as const),
  month: Str({ example: '2026-01' }),
  locked_by: Int({ description: 'user id of the acting user' }),
  locked_at: Nullable(DateTime()),
});

/** POST /attendance/lock: the lock, and what it stamped. */
export const LockResult = Obj({
  ...AttendanceLock.properties,
  lock_id: Nullable(
    Int({
      description:
        'null on a dry run: MySQL does not roll back AUTO_INCREMENT, so the id shown would not be the one a real lock gets',
    }),
  ),
  dry_run: Bool(),
  organization_code: Str(),
  unit_code: Nullable(Str()),
  rows_locked: Int(),
  units_already_locked: List(Obj({ lock_id: Int(), organization_unit_id: Int() }), {
    description: 'unit locks of the month an organization lock left alone (their rows keep their lock)',
  }),
});

/** POST /attendance/unlock: the lock deleted, and what it cleared. */
export const UnlockResult = Obj({
  ...AttendanceLock.properties,
  dry_run: Bool(),
  rows_unlocked: Int(),
  reason: Str(),
  unlocked_by: Int(),
});

export function describeLock(lock: LockRow): Shape<typeof AttendanceLock> {
  return {
    lock_id: lock.id,
    organization_id: lock.organization_id,
    organization_unit_id: lock.organization_unit_id,
    scope: lock.scope_key === ORG_SCOPE ? 'organization' : 'unit',
    month: lock.month,
    locked_by: lock.locked_by,
    locked_at: isoOrNull(lock.created_at),
  };
}
