// Attendance rows are checked here rather than by yup: yup spends ~40 µs per object, which is most
// of a minute for a 310,000-row month. Same rules and wording as the rest of the document.
import type { FieldErrors } from '../../core/errors.js';
import { DATE_RANGE, inDateRange, isRealDate } from '../../core/validation.js';
import { ATTENDANCE_STATUSES } from '../attendance/schemas.js';
import type { AttendanceRow } from './schema.js';

const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\dZ$/;
const FLAG = /^[A-Z][A-Z0-9_]{0,47}$/;
const STATUSES = new Set<string>(ATTENDANCE_STATUSES);
const FLAGS_MAX_CHARS = 500; // the column's size

/** Checks and normalises the rows; failures go to `errors` under `attendance[i].field`. */
export function checkAttendanceRows(rows: unknown, errors: FieldErrors, maxErrors: number): AttendanceRow[] {
  if (rows === undefined || rows === null) return [];
  if (!Array.isArray(rows)) {
    errors.attendance = ['must be an array'];
    return [];
  }
  const out: AttendanceRow[] = new Array(rows.length);
  let failures = 0;
  const fail = (path: string, message: string) => {
    if (failures++ < maxErrors) (errors[path] ??= []).push(message);
  };
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const at = `attendance[${i}]`;
    if (typeof r !== 'object' || r === null || Array.isArray(r)) {
      fail(at, 'must be an object');
      continue;
    }
    const employeeId = typeof r.employee_id === 'string' ? r.employee_id.trim() : '';
    if (!employeeId || employeeId.length > 64) fail(`${at}.employee_id`, 'is required (an employee code)');
    if (typeof r.date !== 'string' || !isRealDate(r.date))
      fail(`${at}.date`, 'must be a valid date YYYY-MM-DD');
    else if (!inDateRange(r.date))
      fail(`${at}.date`, `must be a date from ${DATE_RANGE.min} to ${DATE_RANGE.max}`);
    if (typeof r.status !== 'string' || !STATUSES.has(r.status)) {
      fail(`${at}.status`, `must be one of: ${ATTENDANCE_STATUSES.join(', ')}`);
    }
    for (const f of ['check_in', 'check_out'] as const) {
      if (r[f] != null && (typeof r[f] !== 'string' || !TIME.test(r[f])))
        fail(`${at}.${f}`, 'must be a time HH:MM:SSZ');
    }
    const minutes = r.worked_minutes ?? 0;
    if (!Number.isInteger(minutes) || minutes < 0 || minutes > 1440) {
      fail(`${at}.worked_minutes`, 'must be a whole number from 0 to 1440');
    }
    const flags = r.flags ?? [];
    if (
      !Array.isArray(flags) ||
      !flags.every((f: unknown) => typeof f === 'string' && FLAG.test(f)) ||
      JSON.stringify(flags).length > FLAGS_MAX_CHARS
    ) {
      fail(`${at}.flags`, 'must be a list of flags like LATE_CHECK_IN');
    }
    out[i] = {
      employee_id: employeeId,
      date: r.date,
      status: r.status,
      check_in: r.check_in ?? null,
      check_out: r.check_out ?? null,
      worked_minutes: minutes,
      flags: Array.isArray(flags) ? flags : [],
    };
  }
  return out;
}
