// The owner's pets under /owner/me: list, add (under the owner's first clinic), update (primary
// owner only; any other pet is a 404).
import { Reply } from '../../core/reply.js';
import { defineRoute } from '../../core/routes.js';
import { httpContext } from '../context.js';
import { clinicUserAccess } from '../identity/access.js';
import { pageBody, pageSchema } from '../pagination.js';
import { createPetForOwner } from './operations/create-pet.js';
import { listOwnerPets } from './operations/list-pets.js';
import { updatePet } from './operations/update-pet.js';
import {
  ownerPetParams,
  ownerStorePetSchema,
  petListQuery,
  updatePetSchema,
  type OwnerStorePetInput,
  type UpdatePetInput,
} from './schemas.js';
import { petBody, PET_JSON, serializePet } from './serialize.js';

export const ownerPetRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/owner/me/pets',
    summary: 'The caller’s pets (whose Client row is theirs), 20 per page, newest first',
    tags: ['owner pets'],
    access: clinicUserAccess,
    permission: null,
    query: petListQuery,
    responses: { 200: { description: 'pets', schema: pageSchema(PET_JSON) } },
    handler: async ({ services, principal, query, request }) => {
      const page = await listOwnerPets(httpContext(services, principal.userId), {
        ownerUserId: principal.userId,
        page: query.page,
      });
      return pageBody(page, request.path, query, serializePet);
    },
  }),
  defineRoute<any, OwnerStorePetInput>({
    method: 'POST',
    path: '/api/v1/owner/me/pets',
    summary: 'Add a pet under the owner’s clinic (the tenant of their first Client row)',
    description: 'An account with no Client row is refused with a 422 on client_id.',
    tags: ['owner pets'],
    access: clinicUserAccess,
    permission: null,
    body: ownerStorePetSchema,
    responses: petBody(201, 'the new pet with its client'),
    handler: async ({ services, principal, body }) => {
      const pet = await createPetForOwner(httpContext(services, principal.userId), {
        ownerUserId: principal.userId,
        fields: body,
      });
      return Reply.json(201, { data: serializePet(pet) });
    },
  }),
  defineRoute<any, UpdatePetInput>({
    method: 'PATCH',
    path: '/api/v1/owner/me/pets/:pet',
    summary: 'Change some of the fields of one of the caller’s pets (primary owner only)',
    tags: ['owner pets'],
    access: clinicUserAccess,
    permission: null,
    params: ownerPetParams,
    body: updatePetSchema,
    responses: petBody(200, 'the pet'),
    errors: { 404: 'Not the caller’s pet' },
    handler: async ({ services, principal, params, body }) => ({
      data: serializePet(
        await updatePet(httpContext(services, principal.userId), {
          scope: { ownerUserId: principal.userId },
          petId: params.pet,
          fields: body,
        }),
      ),
    }),
  }),
];
