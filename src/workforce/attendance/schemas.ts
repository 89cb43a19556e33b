// Request schemas of the attendance endpoints, shared by HTTP and the CLI.
import { organizationName } from '../refs.js';
import {
  byName,
  idNumber,
  instantRangeTest,
  isoDate,
  isoMonth,
  isRealInstant,
  yup,
} from '../../core/validation.js';

export const ATTENDANCE_STATUSES = [
  'present',
  'absent',
  'half_day',
  'on_leave',
  'holiday',
  'weekly_off',
] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export const PUNCH_KINDS = ['check_in', 'check_out'] as const;
export type PunchKind = (typeof PUNCH_KINDS)[number];

export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 500;

export const lockSchema = yup.object({
  organization_id: idNumber().required(),
  organization_unit_id: idNumber().nullable().optional(),
  month: isoMonth().required(),
});

/**
 * attendance.lock's input: the body, or the organization and unit as a person types them (the
 * CLI's --org ACME --unit BLR), which the route does not pass (its body names them by id).
 */
export const lockInput = yup.object({
  organization_id: idNumber(),
  organization: organizationName(),
  organization_unit_id: idNumber().nullable().optional(),
  unit: byName(yup.string().trim().max(130).meta({ description: 'unit code (BLR or ACME/BLR) or id' })),
  month: isoMonth().required(),
});

/** The schedule's slot: one organization's month, locked whole once its lock fell due. */
export const lockDueMonthSchema = yup.object({
  organization_id: idNumber().required(),
  month: isoMonth().required(),
});

export const unlockSchema = yup.object({
  lock_id: idNumber().required(),
  reason: yup.string().trim().max(1000).required(),
});

// An instant with an explicit offset: a wall-clock time without one would let the device decide the day.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An instant as a punch (and a correction request) gives it: ISO-8601 with an explicit offset, a
 * real calendar date, inside the supported range.
 */
export function punchInstant() {
  return yup
    .string()
    .matches(
      INSTANT,
      ({ path }) =>
        `The ${path} field must be an ISO-8601 instant with a time zone offset (e.g. 2026-01-15T09:02:00Z).`,
    )
    .test(
      'real-instant',
      ({ path }) => `The ${path} field must be a valid instant.`,
      (v) => v == null || isRealInstant(v),
    )
    .test(instantRangeTest((v) => (INSTANT.test(v) ? new Date(v) : null)));
}

export const punchSchema = yup.object({
  kind: yup
    .string()
    .oneOf([...PUNCH_KINDS])
    .required(),
  at: punchInstant().required(),
  employee_id: yup.string().trim().min(1).max(64).optional(),
});

export const listSchema = yup
  .object({
    limit: yup.number().integer().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
    cursor: yup.string().optional(),
    organization_id: idNumber().optional(),
    unit_id: idNumber().optional(),
    employee_id: yup.string().trim().min(1).max(64).optional(),
    from: isoDate().optional(),
    to: isoDate().optional(),
  })
  .test('range', function (v) {
    if (v?.from && v?.to && v.from > v.to) {
      return this.createError({ path: 'to', message: 'The to field must be a date on or after from.' });
    }
    return true;
  });
export type ListAttendancesInput = yup.InferType<typeof listSchema>;
