// Attendance rows: one per employee and date, written (inserted or updated) in multi-row batches.
// The unit is the employee's primary deployment on that date. A row identical to the stored one is
// left alone, so a second import changes nothing. A row that would change a locked row, or add a
// row inside a locked pay month, refuses the whole import with 409 ATTENDANCE_LOCKED.
//
// A day hr corrected since it was last imported is not overwritten (issue 26): it is kept and
// reported in the result's `conflicts`, unless the operator asked for overwrite_corrected, which
// writes the document's day and appends trail entries in the importing user's name. A day that was
// punched since its import gets the document's times as its new baseline, and the punches before
// this import stop counting (`after_punch`), so the next punch amends what the document says.
import type { Knex } from 'knex';
import { AppError } from '../../../core/errors.js';
import { bulkLoad, type BulkValue } from '../../../db/bulk-load.js';
import { ATTENDANCE_LOCKED } from '../../attendance/guard.js';
import { holdMonth } from '../../attendance/month-mutex.js';
import { changedFields, parseTrail } from '../../attendance/serialize.js';
import { chunks } from '../../context.js';
import type { AttendanceRow } from '../schema.js';
import { BATCH_LISTENERS, batchSize, MAX_ERRORS, type ImportRun } from '../run.js';
import { rowsOf } from './schedule.js';

const FIELDS = [
  'organization_unit_id',
  'status',
  'check_in',
  'check_out',
  'worked_minutes',
  'flags',
] as const;

export async function importAttendance(run: ImportRun, rows: AttendanceRow[]): Promise<void> {
  const { trx } = run;
  await run.loadEmployees(rows.map((r) => r.employee_id));
  const involved = [
    ...new Set(rows.map((r) => run.employees.get(r.employee_id)).filter((e) => e !== undefined)),
  ];
  // The mutex of every (organization, month) the document writes, first (month-mutex.ts): a lock of
  // one of them either committed before we look, or waits until this import has committed; punches
  // into those months wait too, so none lands between the read of a day's punches and its rewrite.
  // Other months, today's punches included, go on. The months' locks are read with their mutexes.
  const monthsOf = new Map<number, Set<string>>();
  for (const r of rows) {
    const e = run.employees.get(r.employee_id);
    if (!e) continue;
    const set = monthsOf.get(e.organizationId) ?? new Set<string>();
    set.add(r.date.slice(0, 7));
    monthsOf.set(e.organizationId, set);
  }
  const locks = new Map<string, number>();
  for (const orgId of [...monthsOf.keys()].sort((a, b) => a - b)) {
    for (const l of await holdMonth(trx, orgId, [...monthsOf.get(orgId)!], 'exclusive'))
      locks.set(`${orgId}|${l.month}|${l.scope_key}`, l.id);
  }

  const primaries = new Map<number, Array<{ unit: number; from: string; to: string | null }>>();
  const deployments = await rowsOf(
    run,
    'employee_deployments',
    involved.map((e) => e.id),
    ['employee_id', 'organization_unit_id', 'starts_on', 'ends_on', 'is_primary'],
  );
  for (const d of deployments) {
    if (!(d.is_primary === true || Number(d.is_primary) === 1)) continue;
    const list = primaries.get(Number(d.employee_id)) ?? [];
    list.push({ unit: Number(d.organization_unit_id), from: d.starts_on, to: d.ends_on });
    primaries.set(Number(d.employee_id), list);
  }

  const dates = rows.map((r) => r.date).sort();
  const existing = new Map<string, any>();
  if (rows.length) {
    for (const part of chunks(
      involved.map((e) => e.id),
      500,
    )) {
      const stored = await trx('attendance')
        .whereIn('employee_id', part)
        .whereBetween('date', [dates[0], dates[dates.length - 1]])
        .select('employee_id', 'date', 'locked_at', 'lock_id', 'baseline', 'correction_trail', ...FIELDS);
      for (const s of stored) existing.set(`${s.employee_id}|${s.date}`, s);
    }
  }
  const punched = existing.size ? await punchesOf(trx, involved, dates) : new Map<string, DayPunches>();

  const seen = new Map<string, number>();
  const locked: Array<{ path: string; what: string; lockId: number | null }> = [];
  // New rows as the bulk loader's value lists (COLUMNS order), changed ones as upsert records: a
  // month is hundreds of thousands of rows, so no per-row object or string is made that is not needed.
  const additions: BulkValue[][] = [];
  const changes: Write[] = [];
  rows.forEach((r, i) => {
    const at = () => `attendance[${i}]`;
    const e = run.employees.get(r.employee_id);
    if (!e) return run.fail(`${at()}.employee_id`, `unknown employee ${r.employee_id}`);
    const unit = (primaries.get(e.id) ?? []).find(
      (d) => d.from <= r.date && (d.to === null || d.to >= r.date),
    );
    if (!unit) return run.fail(`${at()}.date`, `${r.employee_id} has no primary deployment on ${r.date}`);
    const key = `${e.id}|${r.date}`;
    const first = seen.get(key);
    if (first !== undefined)
      return run.fail(`${at()}.date`, `duplicate ${r.employee_id} ${r.date} (first at index ${first})`);
    seen.set(key, i);
    const old = existing.get(key);
    const day = old ? amendedDay(old, punched.get(key)) : null;
    // A day a correction ever touched keeps its REGULARIZED: its trail says what happened to it.
    const flags = JSON.stringify(
      day?.regularized && !r.flags.includes('REGULARIZED') ? [...r.flags, 'REGULARIZED'] : r.flags,
    );
    if (old && same(old, unit.unit, r, flags)) return run.count('attendance', 'existing');
    const month = r.date.slice(0, 7);
    const lockId = old?.locked_at
      ? (old.lock_id ?? null)
      : locks.size === 0
        ? undefined
        : (locks.get(`${e.organizationId}|${month}|org`) ??
          locks.get(`${e.organizationId}|${month}|unit:${unit.unit}`));
    if (old?.locked_at || lockId !== undefined) {
      return void locked.push({ path: at(), what: `${r.employee_id} ${r.date}`, lockId: lockId ?? null });
    }
    const values: BulkValue[] = [
      e.id,
      e.organizationId,
      r.date,
      unit.unit,
      r.status,
      r.check_in,
      r.check_out,
      r.worked_minutes,
      flags,
      run.at,
      run.at,
    ];
    if (!old) return void additions.push(values);
    const write = record(values);
    const next = { ...r, flags: JSON.parse(flags) as string[] };
    if (day!.corrected) {
      if (!run.overwriteCorrected) {
        return void run.conflicts.push({
          index: i,
          employee_id: r.employee_id,
          date: r.date,
          fields: [
            ...(Number(old.organization_unit_id) === unit.unit ? [] : ['unit']),
            ...changedFields(old, next).map((c) => c.field),
          ],
        });
      }
      const trail = parseTrail(old.correction_trail);
      for (const c of changedFields(old, next))
        trail.push({ by: run.actorUserId, at: run.now.toISOString(), ...c, via: 'import' });
      write.correction_trail = JSON.stringify(trail);
      run.overwritten.push({ employee_id: r.employee_id, date: r.date });
    }
    // The document's times are what later punches amend; the punches before it stop counting.
    if (day!.punched)
      write.baseline = JSON.stringify({
        check_in: r.check_in,
        check_out: r.check_out,
        after_punch: day!.lastPunch,
      });
    changes.push(write);
  });
  run.stopOnErrors();
  if (locked.length) throw lockedError(locked);

  // Changed rows are upserted as before; new ones go through the engine's bulk loader, which hands
  // them back to the same upsert when it cannot store exactly that (see bulk-load.ts).
  await upsert(
    trx,
    changes.filter((c) => c.baseline === undefined && c.correction_trail === undefined),
  );
  await upsert(
    trx,
    changes
      .filter((c) => c.baseline !== undefined || c.correction_trail !== undefined)
      .map((c) => ({ ...c, baseline: c.baseline ?? null, correction_trail: c.correction_trail ?? null })),
    ['baseline', 'correction_trail'],
  );
  await bulkLoad(trx, 'attendance', COLUMNS, additions, () => upsert(trx, additions.map(record)), {
    onRows: (n) => BATCH_LISTENERS.get(trx)?.('attendance', n),
  });
  run.count('attendance', 'created', additions.length);
  run.count('attendance', 'updated', changes.length);
}

/** One day's punches since it was last imported: the last one's id, and whether any is a correction. */
interface DayPunches {
  last: number;
  lastCorrection: number;
}

/** The punches of these employees on the document's dates, per `employee|date`. */
async function punchesOf(
  trx: Knex.Transaction,
  employees: Array<{ id: number }>,
  dates: string[],
): Promise<Map<string, DayPunches>> {
  const out = new Map<string, DayPunches>();
  for (const part of chunks(
    employees.map((e) => e.id),
    500,
  )) {
    const rows = await trx('attendance_punches')
      .whereIn('employee_id', part)
      .whereBetween('date', [dates[0], dates[dates.length - 1]])
      .groupBy('employee_id', 'date', 'source')
      .select('employee_id', 'date', 'source')
      .max({ last: 'id' });
    for (const p of rows as Array<{ employee_id: number; date: string; source: string; last: number }>) {
      const key = `${p.employee_id}|${p.date}`;
      const day = out.get(key) ?? { last: 0, lastCorrection: 0 };
      day.last = Math.max(day.last, Number(p.last));
      if (p.source === 'correction') day.lastCorrection = Math.max(day.lastCorrection, Number(p.last));
      out.set(key, day);
    }
  }
  return out;
}

/**
 * What a stored day went through since the document that last wrote it: corrected (a correction
 * punch after its last import's cut), regularized (corrected now or ever: its trail is not empty),
 * punched (any punch, or a baseline kept for later punches), and the last punch so far (the next cut).
 */
function amendedDay(old: any, punches: DayPunches | undefined) {
  const baseline = old.baseline ? JSON.parse(old.baseline) : null;
  const cut = Number(baseline?.after_punch ?? 0);
  const last = Math.max(punches?.last ?? 0, cut);
  const corrected = (punches?.lastCorrection ?? 0) > cut;
  return {
    corrected,
    regularized: corrected || parseTrail(old.correction_trail).length > 0,
    punched: baseline !== null || (punches?.last ?? 0) > cut,
    lastPunch: last || null,
  };
}

/** Every column an imported row sets, in the bulk loader's order. */
const COLUMNS = ['employee_id', 'organization_id', 'date', ...FIELDS, 'created_at', 'updated_at'] as const;

type Write = Record<(typeof COLUMNS)[number], BulkValue> & {
  baseline?: string | null;
  correction_trail?: string | null;
};

function record(values: BulkValue[]): Write {
  const out = {} as Write;
  COLUMNS.forEach((c, i) => (out[c] = values[i]));
  return out;
}

/** Multi-row INSERT … ON DUPLICATE KEY UPDATE (ON CONFLICT … DO UPDATE on SQLite), in batches. */
async function upsert(trx: Knex.Transaction, writes: Write[], also: string[] = []): Promise<void> {
  for (const part of chunks(writes, batchSize(trx))) {
    await trx('attendance')
      .insert(part)
      .onConflict(['employee_id', 'date'])
      .merge([...FIELDS, 'organization_id', 'updated_at', ...also]);
    BATCH_LISTENERS.get(trx)?.('attendance', part.length);
  }
}

function same(old: any, unit: number, r: AttendanceRow, flags: string): boolean {
  return (
    Number(old.organization_unit_id) === unit &&
    old.status === r.status &&
    (old.check_in ?? null) === r.check_in &&
    (old.check_out ?? null) === r.check_out &&
    Number(old.worked_minutes) === r.worked_minutes &&
    normaliseFlags(old.flags) === flags
  );
}

function normaliseFlags(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}

function lockedError(locked: Array<{ path: string; what: string; lockId: number | null }>): AppError {
  const errors: Record<string, string[]> = {};
  for (const l of locked.slice(0, MAX_ERRORS)) errors[l.path] = [`${l.what} is in a locked pay month`];
  const first = locked[0];
  const more = locked.length > 1 ? ` (and ${locked.length - 1} more)` : '';
  return new AppError(409, `${first.path}: ${first.what} is locked; unlock the pay month first${more}.`, {
    code: ATTENDANCE_LOCKED,
    errors,
    details: {
      lock_ids: [...new Set(locked.map((l) => l.lockId).filter((x) => x !== null))].sort((a, b) => a! - b!),
    },
  });
}
