// The views of `wfctl lock`, `wfctl unlock` and `wfctl locks`.
import React from 'react';
import type { LockGrid } from '../../workforce/attendance/operations/lock-grid.js';
import type { LockResult } from '../../workforce/attendance/operations/lock-month.js';
import type { UnlockResult } from '../../workforce/attendance/operations/unlock-month.js';
import { Summary } from './summary.js';

export function LockView({ result: r }: { result: LockResult }) {
  const scope = r.unit_code ? `${r.organization_code}/${r.unit_code}` : r.organization_code;
  return (
    <Summary
      title={`${r.dry_run ? 'Would lock' : 'Locked'} ${r.month} for ${scope}`}
      rows={[
        ['lock id', r.lock_id === null ? '(assigned when locked)' : String(r.lock_id)],
        ['rows locked', String(r.rows_locked)],
        ['locked at', r.locked_at ?? ''],
        ...r.units_already_locked.map(
          (u) =>
            ['already unit-locked', `unit ${u.organization_unit_id} (lock ${u.lock_id})`] as [string, string],
        ),
      ]}
    />
  );
}

export function UnlockView({ result: r }: { result: UnlockResult }) {
  return (
    <Summary
      title={`${r.dry_run ? 'Would unlock' : 'Unlocked'} ${r.month} (lock ${r.lock_id})`}
      tone="warn"
      rows={[
        ['scope', r.scope === 'unit' ? `unit ${r.organization_unit_id}` : 'whole organization'],
        ['rows unlocked', String(r.rows_unlocked)],
        ['reason', r.reason],
      ]}
    />
  );
}

export function LockGridView({ grid }: { grid: LockGrid }) {
  return (
    <Summary
      title={`Locks of ${grid.organization_code} in ${grid.year}`}
      table={{
        columns: ['month', 'state', 'lock', 'locked by', 'locked at', 'unit locks', 'rows locked'],
        rows: grid.months.map((m) => [
          m.month,
          m.state,
          m.organization_lock ? m.organization_lock.lock_id : null,
          m.organization_lock?.locked_by ?? null,
          m.organization_lock?.locked_at?.slice(0, 16).replace('T', ' ') ?? null,
          m.unit_locks.map((u) => `${u.unit_code}#${u.lock_id}`).join(' ') || null,
          `${m.rows_locked}/${m.rows}`,
        ]),
      }}
    />
  );
}
