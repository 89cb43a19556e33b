// Vaccinations under /owner/me/pets/{pet}: the owner and caregivers read, full access writes.
import { Reply } from '../../core/reply.js';
import { Data } from '../../core/shape.js';
import { clinicOperationRoute } from '../operation-route.js';
import { listVaccinations, recordVaccination } from './operations/vaccinations.js';

import { Vaccination, VaccinationList } from './serialize.js';

const PATH = '/api/v1/owner/me/pets/:pet/vaccinations';

export const vaccinationRoutes = [
  clinicOperationRoute(listVaccinations, {
    method: 'GET',
    path: PATH,
    tags: ['owner health'],
    responses: {
      200: {
        description: 'every vaccination of the pet',
        schema: VaccinationList,
      },
    },
    errors: { 404: 'the pet does not exist or the caller has no access to it' },
    pathFields: { pet: 'pet_id' },
    reply: (rows) => ({ data: rows }),
  }),
  clinicOperationRoute(recordVaccination, {
    method: 'POST',
    path: PATH,
    tags: ['owner health'],
    responses: {
      201: { description: 'recorded', schema: Data(Vaccination) },
    },
    errors: { 404: 'the pet does not exist, or the caller is not its owner or a full-access caregiver' },
    pathFields: { pet: 'pet_id' },
    reply: (row) => Reply.json(201, { data: row }),
  }),
];
