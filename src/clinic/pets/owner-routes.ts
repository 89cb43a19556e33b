// The owner's pets under /owner/me: list, add (under the owner's first clinic), update (primary
// owner only; any other pet is a 404).
import { Reply } from '../../core/reply.js';
import { clinicOperationRoute } from '../operation-route.js';
import { pageReply } from '../pagination.js';
import { createOwnerPet } from './operations/create-pet.js';
import { listOwnerPets } from './operations/list-pets.js';
import { updateOwnerPet } from './operations/update-pet.js';

import { petBody, PetPage } from './serialize.js';

export const ownerPetRoutes = [
  clinicOperationRoute(listOwnerPets, {
    method: 'GET',
    path: '/api/v1/owner/me/pets',
    tags: ['owner pets'],
    responses: { 200: { description: 'pets', schema: PetPage } },
    reply: pageReply,
  }),
  clinicOperationRoute(createOwnerPet, {
    method: 'POST',
    path: '/api/v1/owner/me/pets',
    description: 'An account with no Client row is refused with a 422 on client_id.',
    tags: ['owner pets'],
    responses: petBody(201, 'the new pet with its client'),
    reply: (pet) => Reply.json(201, { data: pet }),
  }),
  clinicOperationRoute(updateOwnerPet, {
    method: 'PATCH',
    path: '/api/v1/owner/me/pets/:pet',
    tags: ['owner pets'],
    responses: petBody(200, 'the pet'),
    errors: { 404: 'Not the caller’s pet' },
    pathFields: { pet: 'pet_id' },
    reply: (pet) => ({ data: pet }),
  }),
];
