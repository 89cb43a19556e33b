// The health journal: the owner portal's routes and the clinic's patient routes.
import { Reply } from '../../core/reply.js';
import { defineRoute } from '../../core/routes.js';
import { httpContext } from '../context.js';
import { clinicUserAccess, tenantRoute } from '../identity/access.js';
import { pageBody, pageSchema } from '../pagination.js';
import {
  createOwnerHealthLog,
  createPatientHealthLog,
  deleteOwnerHealthLog,
  listOwnerHealthLogs,
  listPatientHealthLogs,
} from './operations/health-logs.js';
import {
  clinicPatientParams,
  healthLogListQuery,
  healthLogSchema,
  ownerHealthLogParams,
  ownerPetParams,
  type HealthLogInput,
} from './schemas.js';
import { HEALTH_LOG_JSON, serializeHealthLog } from './serialize.js';

const OWNER_PATH = '/api/v1/owner/me/pets/:pet/health-logs';
const CLINIC_PATH = '/api/v1/tenant/:tenant/patients/:pet/health-logs';
const one = { type: 'object', properties: { data: HEALTH_LOG_JSON } };
const listDescription =
  'Newest first (logged_at, then id). `since` (YYYY-MM-DD) keeps entries logged on or after that UTC day. 50 per page.';
const bodyDescription =
  'logged_at defaults to now (ISO-8601; without an offset it is UTC; at most 5 minutes ahead). At least one ' +
  'of weight_kg, appetite, energy_level, stool_quality, water_intake_ml_per_kg, symptoms, notes is required.';

export const healthLogRoutes = [
  defineRoute({
    method: 'GET',
    path: OWNER_PATH,
    summary: 'The pet’s health journal; owner or any caregiver',
    description: listDescription,
    tags: ['owner health'],
    access: clinicUserAccess,
    permission: null,
    params: ownerPetParams,
    query: healthLogListQuery,
    responses: { 200: { description: 'a page of health logs', schema: pageSchema(HEALTH_LOG_JSON) } },
    errors: { 404: 'the pet does not exist or the caller has no access to it' },
    handler: async ({ services, principal, params, query, request }) => {
      const page = await listOwnerHealthLogs(httpContext(services, principal.userId), {
        userId: principal.userId,
        petId: params.pet,
        since: query.since,
        page: query.page,
      });
      return pageBody(page, request.path, query, serializeHealthLog);
    },
  }),
  defineRoute<any, HealthLogInput>({
    method: 'POST',
    path: OWNER_PATH,
    summary: 'Write a health log (source owner); the owner or a full-access caregiver',
    description: bodyDescription,
    tags: ['owner health'],
    access: clinicUserAccess,
    permission: null,
    params: ownerPetParams,
    body: healthLogSchema,
    responses: {
      200: { description: 'written (200: the contract lists no 201 for health logs)', schema: one },
    },
    errors: { 404: 'the pet does not exist, or the caller is not its owner or a full-access caregiver' },
    handler: async ({ services, principal, params, body }) => {
      const row = await createOwnerHealthLog(httpContext(services, principal.userId), {
        ...body,
        userId: principal.userId,
        petId: params.pet,
      });
      return { data: serializeHealthLog(row) };
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: `${OWNER_PATH}/:healthLog`,
    summary: 'Delete a health log the caller wrote',
    tags: ['owner health'],
    access: clinicUserAccess,
    permission: null,
    params: ownerHealthLogParams,
    responses: { 204: { description: 'deleted' } },
    errors: { 404: 'no such entry on this pet, or it was written by another user' },
    handler: async ({ services, principal, params }) => {
      await deleteOwnerHealthLog(httpContext(services, principal.userId), {
        userId: principal.userId,
        petId: params.pet,
        healthLogId: params.healthLog,
      });
      return Reply.noContent();
    },
  }),
  tenantRoute({
    method: 'GET',
    path: CLINIC_PATH,
    summary: 'A patient’s health journal (owner and clinic entries)',
    description: listDescription,
    tags: ['owner health'],
    permission: 'medical_record.read',
    params: clinicPatientParams,
    query: healthLogListQuery,
    responses: { 200: { description: 'a page of health logs', schema: pageSchema(HEALTH_LOG_JSON) } },
    errors: { 404: 'the pet is not a patient of this tenant' },
    handler: async ({ services, principal, params, query, request }) => {
      const page = await listPatientHealthLogs(httpContext(services, principal.userId), {
        tenantId: principal.tenant.id,
        petId: params.pet,
        since: query.since,
        page: query.page,
      });
      return pageBody(page, request.path, query, serializeHealthLog);
    },
  }),
  tenantRoute<HealthLogInput>({
    method: 'POST',
    path: CLINIC_PATH,
    summary: 'Write a health log for a patient (source clinic)',
    description: bodyDescription,
    tags: ['owner health'],
    permission: 'medical_record.create',
    params: clinicPatientParams,
    body: healthLogSchema,
    responses: {
      200: { description: 'written (200: the contract lists no 201 for health logs)', schema: one },
    },
    errors: { 404: 'the pet is not a patient of this tenant' },
    handler: async ({ services, principal, params, body }) => {
      const row = await createPatientHealthLog(httpContext(services, principal.userId), {
        ...body,
        userId: principal.userId,
        tenantId: principal.tenant.id,
        petId: params.pet,
      });
      return { data: serializeHealthLog(row) };
    },
  }),
];
