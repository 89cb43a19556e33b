// An approved correction request applied to its one locked day, by the correction mechanism of
// record-punch.ts without its lock guard: the proposed times become correction punches of the day,
// the day is derived again from its punches (derive.ts: the last correction of a kind wins, the
// rest of an imported day is amended, not replaced), the trail gains an entry per changed field
// naming the request, and the day keeps its lock and gains CORRECTED_AFTER_LOCK.
import type { Knex } from 'knex';
import { fromDbTime, toDbTime } from '../../../db/time.js';
import { baselineInstants, deriveDay } from '../derive.js';
import { baselineOf, dayPunches } from '../operations/record-punch.js';
import { parseFlags } from '../../partners/records.js';
import { changedFields, parseTrail, type CorrectionEntry } from '../serialize.js';
import type { DayLock, DayUnit } from './day.js';

export const CORRECTED_AFTER_LOCK = 'CORRECTED_AFTER_LOCK';

export interface LockedDay {
  requestId: number;
  employeeId: number;
  organizationId: number;
  date: string;
  unit: DayUnit;
  lock: DayLock;
  /** The day's row, read FOR UPDATE by the caller; undefined when the day has none yet. */
  current: any;
  times: { check_in: Date | null; check_out: Date | null };
  by: number;
  now: Date;
}

export interface Applied {
  attendanceId: number;
  changes: CorrectionEntry[];
}

export async function applyToLockedDay(trx: Knex, day: LockedDay): Promise<Applied> {
  const { current, employeeId, date, unit } = day;
  const earlier = await dayPunches(trx, employeeId, date, current);
  const baseline = baselineOf(current, earlier.length > 0);
  const added = (['check_in', 'check_out'] as const)
    .filter((kind) => day.times[kind] !== null)
    .map((kind) => ({ kind, punched_at: toDbTime(day.times[kind]!), source: 'correction' }));
  for (const p of added) {
    // A punch at that very instant already stored (unique per employee, kind and instant) stays as
    // it is; the day below is still derived with it as this correction.
    const stored = await trx('attendance_punches')
      .where({ employee_id: employeeId, kind: p.kind, punched_at: p.punched_at })
      .first('id');
    if (stored) continue;
    await trx('attendance_punches').insert({
      employee_id: employeeId,
      organization_unit_id: current ? Number(current.organization_unit_id) : unit.unitId,
      ...p,
      date,
      recorded_by: day.by,
      created_at: toDbTime(day.now),
    });
  }
  const punches = [...earlier.filter((e: any) => !added.some((a) => same(a, e))), ...added];
  const shift = await trx('shift_assignments')
    .where({ employee_id: employeeId, assigned_for: date, state: 'planned' })
    .orderBy('id')
    .first('starts_at', 'ends_at');
  const derived = deriveDay({
    date,
    timeZone: unit.timeZone,
    punches: punches.map((p: any) => ({ kind: p.kind, at: fromDbTime(p.punched_at)!, source: p.source })),
    baseline: baseline && baselineInstants(date, unit.timeZone, baseline),
    shift: shift ?? null,
    regularized: true,
    previous: current ? { ...current, flags: parseFlags(current.flags) } : null,
  });
  const flags = derived.flags.includes(CORRECTED_AFTER_LOCK)
    ? derived.flags
    : [...derived.flags, CORRECTED_AFTER_LOCK];
  const after = { ...derived, flags };
  const changes: CorrectionEntry[] = changedFields(current, after).map((c) => ({
    by: day.by,
    at: day.now.toISOString(),
    ...c,
    via: 'correction-request',
    request_id: day.requestId,
  }));
  const trail = [...parseTrail(current?.correction_trail), ...changes];
  const values = {
    ...after,
    flags: JSON.stringify(flags),
    baseline: baseline ? JSON.stringify(baseline) : null,
    correction_trail: trail.length ? JSON.stringify(trail) : null,
    updated_at: toDbTime(day.now),
  };
  if (current) {
    // locked_at and lock_id are not in `values`: the day keeps its lock.
    await trx('attendance').where({ id: current.id }).update(values);
    return { attendanceId: Number(current.id), changes };
  }
  // A day without a row inside a locked month: it is created already stamped by the covering lock.
  const [id] = await trx('attendance').insert({
    ...values,
    employee_id: employeeId,
    organization_id: day.organizationId,
    organization_unit_id: unit.unitId,
    date,
    locked_at: toDbTime(fromDbTime(day.lock.createdAt)!),
    lock_id: day.lock.id,
    created_at: toDbTime(day.now),
  });
  return { attendanceId: Number(id), changes };
}

const same = (a: { kind: string; punched_at: string }, b: { kind: string; punched_at: unknown }) =>
  a.kind === b.kind && fromDbTime(a.punched_at)?.getTime() === fromDbTime(b.punched_at as string)?.getTime();
