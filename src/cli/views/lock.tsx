// The views of `wfctl lock`, `wfctl unlock` and `wfctl locks`.
import React from 'react';
import type { LockGrid } from '../../workforce/attendance/operations/lock-grid.js';
import type { LockResult } from '../../workforce/attendance/operations/lock-month.js';
import type { UnlockResult } from '../../workforce/attendance/operations/unlock-month.js';
import { NO_NAMES, type Names } from '../names.js';
import { formatTime } from '../time.js';
import { Summary } from './summary.js';

export function LockView({ result: r, names = NO_NAMES }: { result: LockResult; names?: Names }) {
  const scope = r.unit_code ? `${r.organization_code}/${r.unit_code}` : r.organization_code;
  return (
    <Summary
      title={`${r.dry_run ? 'Would lock' : 'Locked'} ${r.month} for ${scope}`}
      rows={[
        ['lock id', r.lock_id === null ? '(assigned when locked)' : String(r.lock_id)],
        ['rows locked', String(r.rows_locked)],
        ['locked at', formatTime(r.locked_at, names.zone(r.organization_id)) ?? ''],
        ...r.units_already_locked.map(
          (u) =>
            ['already unit-locked', `unit ${names.unit(u.organization_unit_id)} (lock ${u.lock_id})`] as [
              string,
              string,
            ],
        ),
      ]}
    />
  );
}

export function UnlockView({ result: r, names = NO_NAMES }: { result: UnlockResult; names?: Names }) {
  return (
    <Summary
      title={`${r.dry_run ? 'Would unlock' : 'Unlocked'} ${r.month} (lock ${r.lock_id})`}
      tone="warn"
      rows={[
        [
          'scope',
          r.scope === 'unit'
            ? `unit ${names.unit(r.organization_unit_id)}`
            : `organization ${names.organization(r.organization_id)}`,
        ],
        ['rows unlocked', String(r.rows_unlocked)],
        ['reason', r.reason],
      ]}
    />
  );
}

export function LockGridView({ grid, names = NO_NAMES }: { grid: LockGrid; names?: Names }) {
  return (
    <Summary
      title={`Locks of ${grid.organization_code} in ${grid.year}`}
      table={{
        columns: ['month', 'state', 'lock', 'locked by', 'locked at', 'unit locks', 'rows locked'],
        rows: grid.months.map((m) => [
          m.month,
          m.state,
          m.organization_lock ? m.organization_lock.lock_id : null,
          m.organization_lock?.locked_by_email ?? null,
          formatTime(m.organization_lock?.locked_at, names.zone(grid.organization_id)),
          m.unit_locks.map((u) => `${u.unit_code}#${u.lock_id}`).join(' ') || null,
          `${m.rows_locked}/${m.rows}`,
        ]),
      }}
    />
  );
}
