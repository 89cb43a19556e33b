// Pets (patients) on the clinic side, under /tenant/{tenant}: list, create (and the owner-onboarding
// alias), partial update. Membership is enough; another tenant's pet is a 404.
import { Reply } from '../../core/reply.js';
import { tenantOperationRoute } from '../operation-route.js';
import { pageReply } from '../pagination.js';

import { createPet } from './operations/create-pet.js';
import { listPets } from './operations/list-pets.js';
import { updatePet } from './operations/update-pet.js';

import { petBody, PetPage } from './serialize.js';

function storePetRoute(path: string, summary: string) {
  return tenantOperationRoute(createPet, {
    method: 'POST',
    path,
    summary,
    description:
      'client_id must be a Client of this tenant (422 otherwise). sex defaults to unknown; ' +
      'date_of_birth may not be in the future; weight_kg has at most 2 decimals.',
    tags: ['pets'],
    responses: petBody(201, 'the new pet with its client'),
    reply: (pet) => Reply.json(201, { data: pet }),
  });
}

export const petRoutes = [
  tenantOperationRoute(listPets, {
    method: 'GET',
    path: '/api/v1/tenant/:tenant/pets',
    tags: ['pets'],
    responses: { 200: { description: 'pets', schema: PetPage } },
    reply: pageReply,
  }),
  storePetRoute('/api/v1/tenant/:tenant/pets', 'Register a pet (patient) for one of the tenant’s clients'),
  storePetRoute(
    '/api/v1/tenant/:tenant/patients/onboard',
    'Onboard a patient: the same as POST /tenant/{tenant}/pets',
  ),
  tenantOperationRoute(updatePet, {
    method: 'PATCH',
    path: '/api/v1/tenant/:tenant/patients/:pet',
    tags: ['pets'],
    responses: petBody(200, 'the pet'),
    errors: { 404: 'No such pet in this tenant' },
    pathFields: { pet: 'pet_id' },
    reply: (pet) => ({ data: pet }),
  }),
];
