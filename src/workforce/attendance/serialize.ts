// The daily attendance record as served (contract fields, plus id, locked_at and lock_id).
import type { Knex } from 'knex';
import { isoOrNull } from '../../db/time.js';

export interface AttendanceRecord {
  id: number;
  employee_id: string;
  organization_code: string;
  unit_code: string;
  date: string;
  status: string;
  check_in: string | null;
  check_out: string | null;
  worked_minutes: number;
  flags: string[];
  locked_at: string | null;
  lock_id: number | null;
  /** Present once a correction amended the day: what each correction changed. */
  corrections?: CorrectionEntry[];
}

export interface CorrectionEntry {
  /** The user who recorded the correction (or ran the import that overwrote the corrected day). */
  by: number;
  at: string;
  field: AmendedField;
  from: string | number | string[] | null;
  to: string | number | string[] | null;
  /**
   * `import`: a re-import with overwrite_corrected replaced the corrected day (issue 26);
   * `correction-request`: an approved correction request amended a locked day (issue 28).
   */
  via?: 'import' | 'correction-request';
  /** With `via: correction-request`: the request approved. */
  request_id?: number;
}

export const AMENDED_FIELDS = ['check_in', 'check_out', 'worked_minutes', 'status', 'flags'] as const;
export type AmendedField = (typeof AMENDED_FIELDS)[number];

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

/** The columns serializeAttendance reads; the query must join employees, organizations and units. */
export function selectAttendance(qb: Knex.QueryBuilder): Knex.QueryBuilder {
  return qb
    .join('employees as e', 'e.id', 'a.employee_id')
    .join('organizations as o', 'o.id', 'a.organization_id')
    .join('organization_units as u', 'u.id', 'a.organization_unit_id')
    .select(
      'a.id',
      'a.date',
      'a.status',
      'a.check_in',
      'a.check_out',
      'a.worked_minutes',
      'a.flags',
      'a.locked_at',
      'a.lock_id',
      'a.correction_trail',
      'e.employee_id as employee_code',
      'o.code as organization_code',
      'u.code as unit_code',
    );
}

export function serializeAttendance(r: any): AttendanceRecord {
  return {
    id: Number(r.id),
    employee_id: String(r.employee_code),
    organization_code: String(r.organization_code),
    unit_code: String(r.unit_code),
    date: String(r.date),
    status: String(r.status),
    check_in: r.check_in ?? null,
    check_out: r.check_out ?? null,
    worked_minutes: Number(r.worked_minutes),
    flags: parseFlags(r.flags),
    locked_at: isoOrNull(r.locked_at),
    lock_id: r.lock_id === null || r.lock_id === undefined ? null : Number(r.lock_id),
    ...(r.correction_trail ? { corrections: parseTrail(r.correction_trail) } : {}),
  };
}

export function parseTrail(raw: unknown): CorrectionEntry[] {
  if (typeof raw !== 'string' || raw === '') return [];
  const v = JSON.parse(raw);
  return Array.isArray(v) ? v : [];
}

export function parseFlags(raw: unknown): string[] {
  if (typeof raw !== 'string' || raw === '') return [];
  try {
    const v = JSON.parse(raw);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

export const ATTENDANCE_RECORD_SCHEMA = {
  type: 'object',
  required: [
    'id',
    'employee_id',
    'organization_code',
    'unit_code',
    'date',
    'status',
    'worked_minutes',
    'flags',
  ],
  properties: {
    id: { type: 'integer' },
    employee_id: { type: 'string', example: 'E042' },
    organization_code: { type: 'string', example: 'ACME' },
    unit_code: { type: 'string', example: 'BLR' },
    date: { type: 'string', format: 'date', description: 'the day in the unit’s time zone' },
    status: {
      type: 'string',
      enum: ['present', 'absent', 'half_day', 'on_leave', 'holiday', 'weekly_off'],
    },
    check_in: { type: 'string', nullable: true, example: '03:32:00Z', description: 'UTC time of day' },
    check_out: { type: 'string', nullable: true, example: '12:05:00Z', description: 'UTC time of day' },
    worked_minutes: { type: 'integer' },
    flags: {
      type: 'array',
      items: {
        type: 'string',
        enum: [
          'LATE_CHECK_IN',
          'EARLY_CHECK_OUT',
          'MISSING_CHECK_OUT',
          'MISSING_CHECK_IN',
          'REGULARIZED',
          'CORRECTED_AFTER_LOCK',
        ],
      },
    },
    locked_at: { type: 'string', format: 'date-time', nullable: true },
    lock_id: { type: 'integer', nullable: true },
    corrections: {
      type: 'array',
      description: 'present once a correction amended the day: each field it changed, by whom and when',
      items: {
        type: 'object',
        required: ['by', 'at', 'field', 'from', 'to'],
        properties: {
          by: { type: 'integer', description: 'the user who recorded the correction' },
          at: { type: 'string', format: 'date-time' },
          field: { type: 'string', enum: [...AMENDED_FIELDS] },
          // A time HH:MM:SSZ, a number of minutes, a status or the list of flags; null when empty.
          from: { description: 'the value before (string, integer, array of flags or null)' },
          to: { description: 'the value after (string, integer, array of flags or null)' },
          via: {
            type: 'string',
            enum: ['import', 'correction-request'],
            description:
              'import: a re-import with overwrite_corrected replaced the corrected day; correction-request: ' +
              'an approved correction request amended the locked day (request_id names it)',
          },
          request_id: { type: 'integer', description: 'with via correction-request: the request approved' },
        },
      },
    },
  },
};
