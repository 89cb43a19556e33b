// Appointments: the clinic's list, booking and status changes under /tenant/{tenant}, and the
// owner's list under /owner/me.
import { Reply } from '../../core/reply.js';
import { defineRoute } from '../../core/routes.js';
import { httpContext } from '../context.js';
import { clinicUserAccess, tenantRoute } from '../identity/access.js';
import { pageBody, pageSchema } from '../pagination.js';
import { tenantParams } from '../tenants/schemas.js';
import { changeAppointmentStatus } from './operations/change-appointment-status.js';
import { createAppointment } from './operations/create-appointment.js';
import { listOwnerAppointments, listTenantAppointments } from './operations/list-appointments.js';
import {
  appointmentListQuery,
  appointmentParams,
  storeAppointmentSchema,
  updateAppointmentSchema,
  type StoreAppointmentInput,
  type UpdateAppointmentInput,
} from './schemas.js';
import { APPOINTMENT_JSON, serializeAppointment } from './serialize.js';

const one = (description: string) => ({
  description,
  schema: { type: 'object', properties: { data: APPOINTMENT_JSON } },
});

export const appointmentRoutes = [
  tenantRoute({
    method: 'GET',
    path: '/api/v1/tenant/:tenant/appointments',
    summary: 'The tenant’s appointments with pet, client and veterinarian, 20 per page, latest first',
    tags: ['appointments'],
    permission: null,
    params: tenantParams,
    query: appointmentListQuery,
    responses: { 200: { description: 'appointments', schema: pageSchema(APPOINTMENT_JSON) } },
    handler: async ({ services, principal, query, request }) => {
      const page = await listTenantAppointments(httpContext(services, principal.userId), {
        tenantId: principal.tenant.id,
        page: query.page,
      });
      return pageBody(page, request.path, query, serializeAppointment);
    },
  }),
  tenantRoute<StoreAppointmentInput>({
    method: 'POST',
    path: '/api/v1/tenant/:tenant/appointments',
    summary: 'Book an appointment for one of the tenant’s pets',
    description:
      'pet_id must be a pet of this tenant; veterinarian_user_id, when given, a member of it (422 otherwise). ' +
      'scheduled_at is an ISO-8601 instant with its offset. status is scheduled (default) or confirmed.',
    tags: ['appointments'],
    permission: null,
    params: tenantParams,
    body: storeAppointmentSchema,
    responses: { 201: one('the new appointment') },
    handler: async ({ services, principal, body }) => {
      const appointment = await createAppointment(httpContext(services, principal.userId), {
        ...body,
        tenantId: principal.tenant.id,
      });
      return Reply.json(201, { data: serializeAppointment(appointment) });
    },
  }),
  tenantRoute<UpdateAppointmentInput>({
    method: 'PATCH',
    path: '/api/v1/tenant/:tenant/appointments/:appointment',
    summary: 'Move an appointment to another status (only the status changes)',
    description:
      'scheduled → confirmed, checked_in, cancelled, no_show; confirmed → checked_in, cancelled, no_show; ' +
      'checked_in → completed, cancelled. completed, cancelled and no_show are final. The current status ' +
      'again is a no-op; any other move is a 422 on status.',
    tags: ['appointments'],
    permission: null,
    params: appointmentParams,
    body: updateAppointmentSchema,
    responses: { 200: one('the appointment') },
    errors: { 404: 'No such appointment in this tenant' },
    handler: async ({ services, principal, params, body }) => ({
      data: serializeAppointment(
        await changeAppointmentStatus(httpContext(services, principal.userId), {
          tenantId: principal.tenant.id,
          appointmentId: params.appointment,
          status: body.status,
        }),
      ),
    }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/owner/me/appointments',
    summary: 'Appointments of the caller’s pets, 20 per page, latest first',
    tags: ['owner appointments'],
    access: clinicUserAccess,
    permission: null,
    query: appointmentListQuery,
    responses: { 200: { description: 'appointments', schema: pageSchema(APPOINTMENT_JSON) } },
    handler: async ({ services, principal, query, request }) => {
      const page = await listOwnerAppointments(httpContext(services, principal.userId), {
        ownerUserId: principal.userId,
        page: query.page,
      });
      return pageBody(page, request.path, query, serializeAppointment);
    },
  }),
];
