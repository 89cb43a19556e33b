// Appointments: the clinic's list, booking and status changes under /tenant/{tenant}, and the
// owner's list under /owner/me.
import { Reply } from '../../core/reply.js';
import { clinicOperationRoute, tenantOperationRoute } from '../operation-route.js';
import { Data } from '../../core/shape.js';
import { pageReply } from '../pagination.js';

import { changeAppointmentStatus } from './operations/change-appointment-status.js';
import { bookAppointment } from './operations/create-appointment.js';
import { listAppointments, listOwnerAppointments } from './operations/list-appointments.js';
import { rescheduleAppointment } from './operations/reschedule-appointment.js';

import { Appointment, AppointmentPage } from './serialize.js';

const one = (description: string) => ({
  description,
  schema: Data(Appointment),
});

export const appointmentRoutes = [
  tenantOperationRoute(listAppointments, {
    method: 'GET',
    path: '/api/v1/tenant/:tenant/appointments',
    description:
      'from (inclusive) and to (exclusive) filter by start time (ISO-8601 instants with their offset); ' +
      'veterinarian_user_id by veterinarian.',
    tags: ['appointments'],
    responses: { 200: { description: 'appointments', schema: AppointmentPage } },
    reply: pageReply,
  }),
  tenantOperationRoute(bookAppointment, {
    method: 'POST',
    path: '/api/v1/tenant/:tenant/appointments',
    description:
      'pet_id must be a pet of this tenant; veterinarian_user_id, when given, a member of it (422 otherwise). ' +
      'scheduled_at is an ISO-8601 instant with its offset. status is scheduled (default) or confirmed. ' +
      'duration_minutes (5 to 480) defaults to APPOINTMENT_DEFAULT_MINUTES. With a veterinarian, the slot ' +
      '[scheduled_at, scheduled_at + duration) must not overlap another of their active appointments ' +
      '(cancelled and no_show ones do not count): 409 APPOINTMENT_OVERLAP naming conflicting_appointment_id.',
    tags: ['appointments'],
    responses: { 201: one('the new appointment') },
    errors: { 409: 'The veterinarian has an overlapping appointment (code APPOINTMENT_OVERLAP)' },
    reply: (appointment) => Reply.json(201, { data: appointment }),
  }),
  tenantOperationRoute(changeAppointmentStatus, {
    method: 'PATCH',
    path: '/api/v1/tenant/:tenant/appointments/:appointment',
    description:
      'scheduled → confirmed, checked_in, cancelled, no_show; confirmed → checked_in, cancelled, no_show; ' +
      'checked_in → completed, cancelled. completed, cancelled and no_show are final. The current status ' +
      'again is a no-op; any other move is a 422 on status.',
    tags: ['appointments'],
    responses: { 200: one('the appointment') },
    errors: { 404: 'No such appointment in this tenant' },
    pathFields: { appointment: 'appointment_id' },
    reply: (change) => ({ data: change.appointment }),
  }),
  tenantOperationRoute(rescheduleAppointment, {
    method: 'POST',
    path: '/api/v1/tenant/:tenant/appointments/:appointment/reschedule',
    description:
      'Move an appointment (PATCH changes only the status, as the contract says). scheduled_at is required; ' +
      'duration_minutes and veterinarian_user_id keep their values when left out. The new slot must be free ' +
      'in the veterinarian’s calendar, the appointment itself aside. Completed, cancelled and no_show ' +
      'appointments are not moved (422 on scheduled_at).',
    tags: ['appointments'],
    responses: { 200: one('the moved appointment') },
    errors: {
      404: 'No such appointment in this tenant',
      409: 'The veterinarian has an overlapping appointment (code APPOINTMENT_OVERLAP)',
    },
    pathFields: { appointment: 'appointment_id' },
    reply: (appointment) => ({ data: appointment }),
  }),
  clinicOperationRoute(listOwnerAppointments, {
    method: 'GET',
    path: '/api/v1/owner/me/appointments',
    tags: ['owner appointments'],
    responses: { 200: { description: 'appointments', schema: AppointmentPage } },
    reply: pageReply,
  }),
];
