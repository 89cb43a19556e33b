// The import document: every section optional, records referring to each other by natural keys.
// Shape errors name the section, the index and the field (`employees[3].starts_on: …`).
import { isoDate, yup } from '../../core/validation.js';
import { ATTENDANCE_STATUSES } from '../attendance/schemas.js';
import { isValidTimeZone } from '../calendar.js';
import { ROLES } from '../identity/permissions.js';

export const SECTIONS = [
  'organizations',
  'units',
  'users',
  'employees',
  'deployments',
  'shifts',
  'leave_types',
  'leaves',
  'regularizations',
  'devices',
  'attendance',
  'financial_years',
] as const;

// Codes name things in keys like ACME/BLR, so they cannot hold a slash.
const code = () =>
  yup
    .string()
    .trim()
    .max(64)
    .matches(
      /^[A-Za-z0-9][A-Za-z0-9_.-]*$/,
      ({ path }) => `The ${path} field may hold letters, digits, _ . - only.`,
    )
    .required();
const name = () => yup.string().trim().min(1).max(191).required();
const timezone = () =>
  yup.string().test(
    'timezone',
    ({ path }) => `The ${path} field must be an IANA time zone.`,
    (v) => v == null || isValidTimeZone(v),
  );
const time = () =>
  yup
    .string()
    .nullable()
    .matches(
      /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/,
      ({ path }) => `The ${path} field must be a time HH:MM or HH:MM:SS.`,
    );
const notBefore = (other: string) => (value: string | null | undefined, ctx: yup.TestContext) =>
  value == null || !ctx.parent[other] || value >= ctx.parent[other];
const unitRef = () => yup.string().trim().min(1).max(130).required();
const REQUEST_STATES = ['pending', 'shift_manager_approved', 'approved', 'rejected', 'cancelled'] as const;

const list = <T extends yup.AnyObject>(item: yup.ObjectSchema<T>) => yup.array().of(item).optional();

export const importSchema = yup.object({
  organizations: list(
    yup.object({
      code: code(),
      name: name(),
      timezone: timezone().default('UTC'),
      require_device_for_punches: yup
        .boolean()
        .strict()
        .optional()
        .meta({ description: 'default true; given for an existing organization, it is applied' }),
    }),
  ),
  units: list(
    yup.object({
      organization: code(),
      code: code(),
      name: name(),
      timezone: timezone().optional().meta({ description: "default: the organization's" }),
    }),
  ),
  users: list(
    yup.object({
      email: yup.string().trim().lowercase().email().max(191).required(),
      name: name(),
      password: yup.string().optional().meta({ description: 'required for a new user' }),
      roles: yup.array().of(yup.string().oneOf(ROLES).required()).min(1).required(),
      organizations: yup.array().of(code()).default([]),
    }),
  ),
  employees: list(
    yup.object({
      employee_id: code(),
      organization: code(),
      unit: unitRef().meta({ description: 'UNIT or ORG/UNIT' }),
      name: name(),
      email: yup.string().trim().lowercase().email().max(191).optional(),
      password: yup.string().optional(),
      starts_on: isoDate().required(),
    }),
  ),
  deployments: list(
    yup.object({
      employee_id: code(),
      unit: unitRef(),
      starts_on: isoDate().required(),
      ends_on: isoDate()
        .nullable()
        .optional()
        .test(
          'not-before',
          ({ path }) => `The ${path} field must not be before starts_on.`,
          notBefore('starts_on'),
        ),
      is_primary: yup.boolean().required(),
    }),
  ),
  shifts: list(
    yup.object({
      employee_id: code(),
      unit: unitRef(),
      assigned_for: isoDate().required(),
      starts_at: time(),
      ends_at: time(),
      state: yup.string().oneOf(['planned', 'cancelled']).default('planned'),
    }),
  ),
  leave_types: list(
    yup.object({
      organization: code(),
      code: code(),
      name: name(),
      annual_quota: yup.number().min(0).max(999999).required(),
      carry_forward_max: yup.number().min(0).max(999999).default(0),
    }),
  ),
  leaves: list(
    yup.object({
      employee_id: code(),
      leave_type: code(),
      from: isoDate().required(),
      to: isoDate()
        .required()
        .test('not-before', ({ path }) => `The ${path} field must not be before from.`, notBefore('from')),
      state: yup.string().oneOf(REQUEST_STATES).default('pending'),
    }),
  ),
  regularizations: list(
    yup.object({
      employee_id: code(),
      date: isoDate().required(),
      reason: yup.string().trim().min(1).max(1000).required(),
      state: yup.string().oneOf(REQUEST_STATES).default('pending'),
    }),
  ),
  devices: list(
    yup.object({
      employee_id: code(),
      fingerprint: yup.string().trim().min(1).max(191).required(),
      name: yup.string().trim().max(191).optional(),
      status: yup.string().oneOf(['pending', 'approved', 'revoked']).default('pending'),
    }),
  ),
  // Checked row by row in attendance-rows.ts: a month for 10,000 employees is 310,000 rows.
  attendance: yup.array().optional(),
  financial_years: list(
    yup.object({
      organization: code(),
      name: yup.string().trim().min(1).max(64).required(),
      starts_on: isoDate().required(),
      ends_on: isoDate()
        .required()
        .test(
          'after',
          ({ path }) => `The ${path} field must be after starts_on.`,
          (v, ctx) => !v || !ctx.parent.starts_on || v > ctx.parent.starts_on,
        ),
    }),
  ),
});

export type ImportDocument = yup.InferType<typeof importSchema> & { attendance?: AttendanceRow[] };

export interface AttendanceRow {
  employee_id: string;
  date: string;
  status: (typeof ATTENDANCE_STATUSES)[number];
  check_in: string | null;
  check_out: string | null;
  worked_minutes: number;
  flags: string[];
}
