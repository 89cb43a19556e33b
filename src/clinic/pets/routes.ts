// Pets (patients) on the clinic side, under /tenant/{tenant}: list, create (and the owner-onboarding
// alias), partial update. Membership is enough; another tenant's pet is a 404.
import { Reply } from '../../core/reply.js';
import type { Route } from '../../core/routes.js';
import { httpContext } from '../context.js';
import { tenantRoute, type TenantPrincipal } from '../identity/access.js';
import { pageBody, pageSchema } from '../pagination.js';
import { tenantParams } from '../tenants/schemas.js';
import { createPetForTenant } from './operations/create-pet.js';
import { listTenantPets } from './operations/list-pets.js';
import { updatePet } from './operations/update-pet.js';
import {
  petListQuery,
  storePetSchema,
  tenantPetParams,
  updatePetSchema,
  type StorePetInput,
  type UpdatePetInput,
} from './schemas.js';
import { petBody, PET_JSON, serializePet } from './serialize.js';

function storePetRoute(path: string, summary: string): Route<TenantPrincipal, StorePetInput> {
  return tenantRoute<StorePetInput>({
    method: 'POST',
    path,
    summary,
    description:
      'client_id must be a Client of this tenant (422 otherwise). sex defaults to unknown; ' +
      'date_of_birth may not be in the future; weight_kg has at most 2 decimals.',
    tags: ['pets'],
    permission: null,
    params: tenantParams,
    body: storePetSchema,
    responses: petBody(201, 'the new pet with its client'),
    handler: async ({ services, principal, body }) => {
      const { client_id: clientId, ...fields } = body;
      const pet = await createPetForTenant(httpContext(services, principal.userId), {
        tenantId: principal.tenant.id,
        clientId,
        fields,
      });
      return Reply.json(201, { data: serializePet(pet) });
    },
  });
}

export const petRoutes = [
  tenantRoute({
    method: 'GET',
    path: '/api/v1/tenant/:tenant/pets',
    summary: 'The tenant’s pets (patients) with their client, 20 per page, newest first',
    tags: ['pets'],
    permission: null,
    params: tenantParams,
    query: petListQuery,
    responses: { 200: { description: 'pets', schema: pageSchema(PET_JSON) } },
    handler: async ({ services, principal, query, request }) => {
      const page = await listTenantPets(httpContext(services, principal.userId), {
        tenantId: principal.tenant.id,
        page: query.page,
      });
      return pageBody(page, request.path, query, serializePet);
    },
  }),
  storePetRoute('/api/v1/tenant/:tenant/pets', 'Register a pet (patient) for one of the tenant’s clients'),
  storePetRoute(
    '/api/v1/tenant/:tenant/patients/onboard',
    'Onboard a patient: the same as POST /tenant/{tenant}/pets',
  ),
  tenantRoute<UpdatePetInput>({
    method: 'PATCH',
    path: '/api/v1/tenant/:tenant/patients/:pet',
    summary: 'Change some of a patient’s fields (all optional; the client is not changed here)',
    tags: ['pets'],
    permission: null,
    params: tenantPetParams,
    body: updatePetSchema,
    responses: petBody(200, 'the pet'),
    errors: { 404: 'No such pet in this tenant' },
    handler: async ({ services, principal, params, body }) => ({
      data: serializePet(
        await updatePet(httpContext(services, principal.userId), {
          scope: { tenantId: principal.tenant.id },
          petId: params.pet,
          fields: body,
        }),
      ),
    }),
  }),
];
