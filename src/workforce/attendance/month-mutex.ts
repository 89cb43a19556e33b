// The mutex between a pay month's lock and the writes into that month: one row per (organization,
// month) in attendance_month_mutexes. attendance.lock, attendance.unlock (and so the scheduled lock)
// hold it FOR UPDATE; every writer of that month's attendance (a punch, a correction, an import)
// holds it in share mode before it checks for a lock, so a write either commits before a lock of its
// month looks, or waits for the lock and is then refused; writes do not wait for each other here.
// Before this it was the organization row, so a lock of a large past month (seconds, 310,000 rows)
// stopped every punch of the organization for today.
//
// On MariaDB this is a row lock: wfctl writes through one node of a Galera cluster (src/db/galera.ts),
// so row locks mean what they say there too. On SQLite the one write lock already serialises every
// writer; the rows are read and created the same way, so both dialects run one code path.
import type { Knex } from 'knex';
import { lockForShare, lockForUpdate } from '../../db/knex.js';

export type MutexMode = 'exclusive' | 'share';

/** A lock record of a held month, read with its mutex (what the lock guard needs). */
export interface MonthLockRef {
  id: number;
  month: string;
  scope_key: string;
}

/**
 * Holds the mutex of each of `months` (YYYY-MM) of the organization until the transaction ends,
 * creating a month's row on first use, and returns the lock records of those months, read in the
 * same statement once the mutex is held.
 */
export async function holdMonth(
  db: Knex,
  organizationId: number,
  months: string | string[],
  mode: MutexMode = 'exclusive',
): Promise<MonthLockRef[]> {
  const wanted = [...new Set(typeof months === 'string' ? [months] : months)].sort();
  if (wanted.length === 0) return [];
  let rows = await held(db, organizationId, wanted, mode);
  const missing = wanted.filter((m) => !rows.some((r) => r.month === m));
  if (missing.length) {
    // The first write of a month: its row is created here (by whichever writer comes first; the
    // others wait for that insert to commit and then hold the row as it is).
    await db('attendance_month_mutexes')
      .insert(missing.map((month) => ({ organization_id: organizationId, month })))
      .onConflict(['organization_id', 'month'])
      .ignore();
    rows = [...rows, ...(await held(db, organizationId, missing, mode))];
  }
  return rows
    .filter((r) => r.id !== null)
    .map((r) => ({ id: Number(r.id), month: String(r.month), scope_key: String(r.scope_key) }));
}

/** The mutex rows of `months`, locked in `mode`, each joined with the month's lock records (if any). */
function held(db: Knex, organizationId: number, months: string[], mode: MutexMode) {
  const q = db('attendance_month_mutexes as m')
    .leftJoin('attendance_locks as l', (j) =>
      j.on('l.organization_id', 'm.organization_id').andOn('l.month', 'm.month'),
    )
    .where('m.organization_id', organizationId)
    .whereIn('m.month', months)
    .orderBy('m.month')
    .select('m.month', 'l.id', 'l.scope_key');
  return (mode === 'exclusive' ? lockForUpdate(q, db) : lockForShare(q, db)) as unknown as Promise<
    Array<{ month: string; id: number | null; scope_key: string | null }>
  >;
}
