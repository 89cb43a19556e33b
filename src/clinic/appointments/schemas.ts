// Request schemas of the appointment endpoints. The store-appointment body is ours to design (the
// contract does not show it): pet_id and scheduled_at are required; the veterinarian, reason and
// notes are optional; a new appointment starts scheduled (or confirmed, when booked as such).
import { idNumber, idParam, yup } from '../../core/validation.js';
import { optionalText } from '../identity/schemas.js';
import { pageField } from '../pagination.js';
import { tenantParams } from '../tenants/schemas.js';

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
      (v) => v == null || (ISO_INSTANT.test(v) && !Number.isNaN(Date.parse(v))),
    );

export const storeAppointmentSchema = yup.object({
  pet_id: idNumber().required(),
  scheduled_at: isoInstant().required(),
  veterinarian_user_id: idNumber().nullable(),
  reason: optionalText(255),
  notes: optionalText(2000),
  status: yup
    .string()
    .oneOf(['scheduled', 'confirmed'] as const)
    .default('scheduled'),
});
export type StoreAppointmentInput = yup.InferType<typeof storeAppointmentSchema>;

export const updateAppointmentSchema = yup.object({
  status: yup.string().oneOf(APPOINTMENT_STATUSES).required(),
});
export type UpdateAppointmentInput = yup.InferType<typeof updateAppointmentSchema>;

export const appointmentListQuery = yup.object({ page: pageField() });

export const appointmentParams = tenantParams.shape({
  appointment: idParam().meta({ description: 'appointment id' }),
});
