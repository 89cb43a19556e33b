// The health journal: the owner portal's routes and the clinic's patient routes.
import { Reply } from '../../core/reply.js';
import { Data } from '../../core/shape.js';
import { clinicOperationRoute, tenantOperationRoute } from '../operation-route.js';
import { pageReply } from '../pagination.js';
import {
  createHealthLog,
  createOwnerHealthLog,
  deleteOwnerHealthLog,
  listHealthLogs,
  listOwnerHealthLogs,
} from './operations/health-logs.js';

import { HealthLog, HealthLogPage } from './serialize.js';

const OWNER_PATH = '/api/v1/owner/me/pets/:pet/health-logs';
const CLINIC_PATH = '/api/v1/tenant/:tenant/patients/:pet/health-logs';
const one = Data(HealthLog);
const listDescription =
  'Newest first (logged_at, then id). `since` (YYYY-MM-DD) keeps entries logged on or after that day in the time zone of the pet’s clinic (tenant timezone: from its local midnight). 50 per page.';
const bodyDescription =
  'logged_at defaults to now (ISO-8601; without an offset it is UTC; at most 5 minutes ahead). At least one ' +
  'of weight_kg, appetite, energy_level, stool_quality, water_intake_ml_per_kg, symptoms, notes is required.';

export const healthLogRoutes = [
  clinicOperationRoute(listOwnerHealthLogs, {
    method: 'GET',
    path: OWNER_PATH,
    description: listDescription,
    tags: ['owner health'],
    responses: { 200: { description: 'a page of health logs', schema: HealthLogPage } },
    errors: { 404: 'the pet does not exist or the caller has no access to it' },
    pathFields: { pet: 'pet_id' },
    reply: pageReply,
  }),
  clinicOperationRoute(createOwnerHealthLog, {
    method: 'POST',
    path: OWNER_PATH,
    description: bodyDescription,
    tags: ['owner health'],
    responses: {
      200: { description: 'written (200: the contract lists no 201 for health logs)', schema: one },
    },
    errors: { 404: 'the pet does not exist, or the caller is not its owner or a full-access caregiver' },
    pathFields: { pet: 'pet_id' },
    reply: (log) => ({ data: log }),
  }),
  clinicOperationRoute(deleteOwnerHealthLog, {
    method: 'DELETE',
    path: `${OWNER_PATH}/:healthLog`,
    tags: ['owner health'],
    responses: { 204: { description: 'deleted' } },
    errors: { 404: 'no such entry on this pet, or it was written by another user' },
    pathFields: { pet: 'pet_id', healthLog: 'health_log_id' },
    reply: () => Reply.noContent(),
  }),
  tenantOperationRoute(listHealthLogs, {
    method: 'GET',
    path: CLINIC_PATH,
    description: listDescription,
    tags: ['owner health'],
    responses: { 200: { description: 'a page of health logs', schema: HealthLogPage } },
    errors: { 404: 'the pet is not a patient of this tenant' },
    pathFields: { pet: 'pet_id' },
    reply: pageReply,
  }),
  tenantOperationRoute(createHealthLog, {
    method: 'POST',
    path: CLINIC_PATH,
    description: bodyDescription,
    tags: ['owner health'],
    responses: {
      200: { description: 'written (200: the contract lists no 201 for health logs)', schema: one },
    },
    errors: { 404: 'the pet is not a patient of this tenant' },
    pathFields: { pet: 'pet_id' },
    reply: (log) => ({ data: log }),
  }),
];
