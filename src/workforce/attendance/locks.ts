// Attendance lock records: scope keys and the "already covered" conflicts.
import type { Knex } from 'knex';
import { ConflictError } from '../../core/errors.js';
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

export function describeLock(lock: LockRow) {
  return {
    lock_id: lock.id,
    organization_id: lock.organization_id,
    organization_unit_id: lock.organization_unit_id,
    scope: lock.scope_key === ORG_SCOPE ? ('organization' as const) : ('unit' as const),
    month: lock.month,
    locked_by: lock.locked_by,
    locked_at: isoOrNull(lock.created_at),
  };
}
