// The daily attendance record as served (contract fields, plus id, locked_at and lock_id).
import { Type } from '@sinclair/typebox';
import type { Knex } from 'knex';
import {
  Bool,
  DateOnly,
  DateTime,
  Enum,
  Int,
  List,
  Nullable,
  Obj,
  Optional,
  type Shape,
  fromRow,
} from '../../core/shape.js';

import { DailyAttendanceRecord, parseFlags, selectRecord } from '../partners/records.js';
import { PUNCH_KINDS, type AttendanceStatus } from './schemas.js';

export const AMENDED_FIELDS = ['check_in', 'check_out', 'worked_minutes', 'status', 'flags'] as const;

/** A time HH:MM:SSZ, a number of minutes, a status or the list of flags; null when empty. */
const TrailValue = (description: string) =>
  Type.Unsafe<string | number | string[] | null>({
    description: `${description} (string, integer, array of flags or null)`,
  });

/** One field a correction changed on a day, by whom and when. */
export const CorrectionEntry = Obj({
  by: Int({
    description: 'the user who recorded the correction (or ran the import that overwrote the corrected day)',
  }),
  at: DateTime(),
  field: Enum(AMENDED_FIELDS),
  from: TrailValue('the value before'),
  to: TrailValue('the value after'),
  via: Optional(
    Enum(['import', 'correction-request'] as const, {
      description:
        'import: a re-import with overwrite_corrected replaced the corrected day (issue 26); ' +
        'correction-request: an approved correction request amended the locked day (issue 28)',
    }),
  ),
  request_id: Optional(Int({ description: 'with via correction-request: the request approved' })),
});
export type CorrectionEntry = Shape<typeof CorrectionEntry>;

/** The daily attendance record as served: the contract's fields, plus id, locked_at and lock_id. */
export const AttendanceRecord = Obj({
  id: Int(),
  ...DailyAttendanceRecord.properties,
  locked_at: Nullable(DateTime()),
  lock_id: Nullable(Int()),
  corrections: Optional(
    List(CorrectionEntry, {
      description: 'present once a correction amended the day: each field it changed, by whom and when',
    }),
  ),
});
export type AttendanceRecord = Shape<typeof AttendanceRecord>;

/** POST /attendance/punches: the punch as taken, and the day it derived. */
export const PunchRecorded = Obj({
  punch: Obj({
    kind: Enum(PUNCH_KINDS),
    at: DateTime(),
    date: DateOnly({ description: 'the day in the unit’s time zone' }),
    duplicate: Bool({ description: 'true: an identical punch was already recorded (absorbed)' }),
    source: Enum(['self', 'correction'] as const),
  }),
  attendance: AttendanceRecord,
});

/** The flags a trail compares: REGULARIZED marks the trail itself, so it is not a change of its own. */
const flagsCompared = (flags: string[]) => flags.filter((f) => f !== 'REGULARIZED').join(',');

/**
 * What changed between a stored day and its new values, field by field, as trail entries say it:
 * times and status as text, minutes as a number, flags as the whole list before and after (only
 * of a stored day, when a flag other than REGULARIZED came or went).
 */
export function changedFields(
  before:
    | { check_in?: unknown; check_out?: unknown; worked_minutes?: unknown; status?: unknown; flags?: unknown }
    | null
    | undefined,
  after: {
    check_in: string | null;
    check_out: string | null;
    worked_minutes: number;
    status: string;
    flags: string[];
  },
): Array<Pick<CorrectionEntry, 'field' | 'from' | 'to'>> {
  const out: Array<Pick<CorrectionEntry, 'field' | 'from' | 'to'>> = [];
  const text = (field: 'check_in' | 'check_out' | 'status') => {
    const from = (before?.[field] as string | null | undefined) ?? null;
    if (from !== after[field]) out.push({ field, from, to: after[field] });
  };
  text('check_in');
  text('check_out');
  const minutes = before ? Number(before.worked_minutes) : null;
  if (minutes !== after.worked_minutes)
    out.push({ field: 'worked_minutes', from: minutes, to: after.worked_minutes });
  text('status');
  if (before) {
    const flags = Array.isArray(before.flags) ? before.flags.map(String) : parseFlags(before.flags);
    if (flagsCompared(flags) !== flagsCompared(after.flags))
      out.push({ field: 'flags', from: flags, to: after.flags });
  }
  return out;
}

/** The columns serializeAttendance reads: the record's, and the row's id, lock and corrections. */
export function selectAttendance(qb: Knex.QueryBuilder): Knex.QueryBuilder {
  return selectRecord(qb).select('a.locked_at', 'a.lock_id', 'a.correction_trail');
}

export function serializeAttendance(r: any): AttendanceRecord {
  return fromRow(AttendanceRecord, r, {
    employee_id: String(r.employee_code),
    organization_code: String(r.organization_code),
    unit_code: String(r.unit_code),
    date: String(r.date),
    status: r.status as AttendanceStatus,
    flags: parseFlags(r.flags),
    lock_id: r.lock_id === null || r.lock_id === undefined ? null : Number(r.lock_id),
    ...(r.correction_trail ? { corrections: parseTrail(r.correction_trail) } : {}),
  });
}

export function parseTrail(raw: unknown): CorrectionEntry[] {
  if (typeof raw !== 'string' || raw === '') return [];
  const v = JSON.parse(raw);
  return Array.isArray(v) ? v : [];
}
