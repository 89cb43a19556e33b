// Appointments: the clinic's list, booking and status changes under /tenant/{tenant}, and the
// owner's list under /owner/me.
import { Reply } from '../../core/reply.js';
import { clinicOperationRoute, tenantOperationRoute } from '../operation-route.js';
import { pageBody, pageSchema } from '../pagination.js';
import { tenantParams } from '../tenants/schemas.js';
import { changeAppointmentStatus } from './operations/change-appointment-status.js';
import { bookAppointment } from './operations/create-appointment.js';
import { listAppointments, listOwnerAppointments } from './operations/list-appointments.js';
import {
  appointmentListQuery,
  appointmentParams,
  storeAppointmentSchema,
  updateAppointmentSchema,
} from './schemas.js';
import { APPOINTMENT_JSON } from './serialize.js';

const one = (description: string) => ({
  description,
  schema: { type: 'object', properties: { data: APPOINTMENT_JSON } },
});

export const appointmentRoutes = [
  tenantOperationRoute(listAppointments, {
    method: 'GET',
    path: '/api/v1/tenant/:tenant/appointments',
    tags: ['appointments'],
    params: tenantParams,
    query: appointmentListQuery,
    responses: { 200: { description: 'appointments', schema: pageSchema(APPOINTMENT_JSON) } },
    toInput: ({ principal, query }) => ({ ...query, tenant_id: principal.tenant.id }),
    reply: (page, { request, query }) => pageBody(page, request.path, query, (x) => x),
  }),
  tenantOperationRoute(bookAppointment, {
    method: 'POST',
    path: '/api/v1/tenant/:tenant/appointments',
    description:
      'pet_id must be a pet of this tenant; veterinarian_user_id, when given, a member of it (422 otherwise). ' +
      'scheduled_at is an ISO-8601 instant with its offset. status is scheduled (default) or confirmed.',
    tags: ['appointments'],
    params: tenantParams,
    body: storeAppointmentSchema,
    responses: { 201: one('the new appointment') },
    toInput: ({ principal, body }) => ({ ...body, tenant_id: principal.tenant.id }),
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
    params: appointmentParams,
    body: updateAppointmentSchema,
    responses: { 200: one('the appointment') },
    errors: { 404: 'No such appointment in this tenant' },
    toInput: ({ principal, params, body }) => ({
      ...body,
      tenant_id: principal.tenant.id,
      appointment_id: params.appointment,
    }),
    reply: (change) => ({ data: change.appointment }),
  }),
  clinicOperationRoute(listOwnerAppointments, {
    method: 'GET',
    path: '/api/v1/owner/me/appointments',
    tags: ['owner appointments'],
    query: appointmentListQuery,
    responses: { 200: { description: 'appointments', schema: pageSchema(APPOINTMENT_JSON) } },
    toInput: ({ query }) => query,
    reply: (page, { request, query }) => pageBody(page, request.path, query, (x) => x),
  }),
];
