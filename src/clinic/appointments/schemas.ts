// Request schemas of the appointment endpoints. The store-appointment body is ours to design (the
// contract does not show it): pet_id and scheduled_at are required; the veterinarian, reason and
// notes are optional; a new appointment starts scheduled (or confirmed, when booked as such).
import { byName, idNumber, instantRangeTest, isRealInstant, yup } from '../../core/validation.js';
import { optionalText } from '../identity/schemas.js';
import { pageField } from '../pagination.js';

export const APPOINTMENT_STATUSES = [
  'scheduled',
  'confirmed',
  'checked_in',
  'completed',
  'cancelled',
  'no_show',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** The moves PATCH allows; completed, cancelled and no_show are final. */
export const APPOINTMENT_TRANSITIONS: Record<AppointmentStatus, AppointmentStatus[]> = {
  scheduled: ['confirmed', 'checked_in', 'cancelled', 'no_show'],
  confirmed: ['checked_in', 'cancelled', 'no_show'],
  checked_in: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
  no_show: [],
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An instant with its offset (2026-03-01T10:30:00+05:30 or …Z): never a wall time of unknown zone. */
export const isoInstant = () =>
  yup
    .string()
    .trim()
    .test(
      'iso-instant',
      ({ path }) =>
        `The ${path} field must be an ISO-8601 date-time with a time zone (e.g. 2026-03-01T10:30:00Z).`,
      (v) => v == null || ISO_INSTANT.test(v),
    )
    .test(
      'real-instant',
      ({ path }) => `The ${path} field must be a date-time that exists (2026-02-30 and 24:00 do not).`,
      (v) => v == null || !ISO_INSTANT.test(v) || isRealInstant(v),
    )
    .test(instantRangeTest((v) => (ISO_INSTANT.test(v) ? new Date(v) : null)));

/** The allowed length of one appointment; the default is APPOINTMENT_DEFAULT_MINUTES. */
export const APPOINTMENT_MINUTES = { min: 5, max: 480 } as const;

export const durationField = () =>
  yup.number().integer().min(APPOINTMENT_MINUTES.min).max(APPOINTMENT_MINUTES.max);

export const storeAppointmentSchema = yup.object({
  pet_id: idNumber().required(),
  scheduled_at: isoInstant().required(),
  duration_minutes: durationField().meta({
    description: 'length in minutes, 5 to 480; default APPOINTMENT_DEFAULT_MINUTES (30)',
  }),
  veterinarian_user_id: idNumber().nullable(),
  reason: optionalText(255).meta({ description: 'reason for the visit' }),
  notes: optionalText(2000),
  status: yup
    .string()
    .oneOf(['scheduled', 'confirmed'] as const)
    .default('scheduled')
    .meta({ description: 'scheduled (default) or confirmed' }),
});

export const updateAppointmentSchema = yup.object({
  status: yup.string().oneOf(APPOINTMENT_STATUSES).required(),
});

/** Moving an appointment: a new start, and optionally a new length or veterinarian. */
export const rescheduleAppointmentSchema = yup.object({
  scheduled_at: isoInstant().required(),
  duration_minutes: durationField().meta({ description: 'new length in minutes; default: unchanged' }),
  veterinarian_user_id: idNumber()
    .nullable()
    .meta({ description: 'new veterinarian (null: none); default: unchanged' }),
});

/**
 * The veterinarian by name, for the CLI (`--vet vera@example.test`): a member of the tenant by login
 * email or user id, resolved inside the operation (clinic/refs.ts). The routes never pass it: over
 * HTTP the veterinarian is veterinarian_user_id.
 */
export const veterinarianName = {
  veterinarian: byName(
    yup
      .string()
      .trim()
      .max(255)
      .meta({ description: 'The veterinarian: a member of the tenant, by user id or email' }),
  ),
};

export const appointmentListQuery = yup.object({ page: pageField() });

/** The clinic's list: by start time (from inclusive, to exclusive) and by veterinarian. */
export const tenantAppointmentListQuery = appointmentListQuery.shape({
  from: isoInstant().meta({ description: 'appointments starting at or after this instant' }),
  to: isoInstant()
    .meta({ description: 'appointments starting before this instant' })
    .test(
      'after-from',
      'The to field must be later than from.',
      function (this: yup.TestContext, v: string | undefined) {
        const from = this.parent.from as string | undefined;
        return v == null || from == null || Date.parse(v) > Date.parse(from);
      },
    ),
  veterinarian_user_id: idNumber().meta({ description: 'only this veterinarian’s appointments' }),
});
