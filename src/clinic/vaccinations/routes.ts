// Vaccinations under /owner/me/pets/{pet}: the owner and caregivers read, full access writes.
import { Reply } from '../../core/reply.js';
import { defineRoute } from '../../core/routes.js';
import { httpContext } from '../context.js';
import { clinicUserAccess } from '../identity/access.js';
import { listVaccinations, recordVaccination } from './operations/vaccinations.js';
import { petParams, recordVaccinationSchema, type RecordVaccinationInput } from './schemas.js';
import { serializeVaccination, VACCINATION_JSON } from './serialize.js';

const PATH = '/api/v1/owner/me/pets/:pet/vaccinations';

export const vaccinationRoutes = [
  defineRoute({
    method: 'GET',
    path: PATH,
    summary: 'The pet’s vaccinations, newest first (not paginated); owner or any caregiver',
    tags: ['owner health'],
    access: clinicUserAccess,
    permission: null,
    params: petParams,
    responses: {
      200: {
        description: 'every vaccination of the pet',
        schema: { type: 'object', properties: { data: { type: 'array', items: VACCINATION_JSON } } },
      },
    },
    errors: { 404: 'the pet does not exist or the caller has no access to it' },
    handler: async ({ services, principal, params }) => {
      const rows = await listVaccinations(httpContext(services, principal.userId), {
        userId: principal.userId,
        petId: params.pet,
      });
      return { data: rows.map(serializeVaccination) };
    },
  }),
  defineRoute<any, RecordVaccinationInput>({
    method: 'POST',
    path: PATH,
    summary: 'Record a vaccination; the owner or a full-access caregiver',
    tags: ['owner health'],
    access: clinicUserAccess,
    permission: null,
    params: petParams,
    body: recordVaccinationSchema,
    responses: {
      201: { description: 'recorded', schema: { type: 'object', properties: { data: VACCINATION_JSON } } },
    },
    errors: { 404: 'the pet does not exist, or the caller is not its owner or a full-access caregiver' },
    handler: async ({ services, principal, params, body }) => {
      const row = await recordVaccination(httpContext(services, principal.userId), {
        ...body,
        userId: principal.userId,
        petId: params.pet,
      });
      return Reply.json(201, { data: serializeVaccination(row) });
    },
  }),
];
