// Organization endpoints: read, retire.
import { operationRoute } from '../operation-route.js';
import { dryRunQuery, idParams } from '../params.js';
import { RETIRE_UNIT_RESULT_SCHEMA } from '../units/routes.js';
import { getOrganization } from './operations/read-organizations.js';
import { retireOrganization } from './operations/retire-organization.js';
import { retireOrganizationBody } from './schemas.js';
import { ORGANIZATION_SCHEMA } from './serialize.js';

const tags = ['organizations'];
const statusPair = {
  type: 'object',
  properties: { status: { type: 'string' }, is_active: { type: 'boolean' } },
};

const RETIRE_ORGANIZATION_RESULT_SCHEMA = {
  type: 'object',
  properties: {
    dry_run: { type: 'boolean' },
    changed: { type: 'boolean', description: 'false: it was already retired and nothing changed' },
    organization: ORGANIZATION_SCHEMA,
    effective_date: { type: 'string', format: 'date' },
    before: statusPair,
    after: statusPair,
    units: {
      type: 'array',
      description: 'one unit retirement summary per unit that was active',
      // dry_run and effective_date are the organization's, given once at the top level
      items: {
        ...RETIRE_UNIT_RESULT_SCHEMA,
        properties: Object.fromEntries(
          Object.entries(RETIRE_UNIT_RESULT_SCHEMA.properties).filter(
            ([name]) => name !== 'dry_run' && name !== 'effective_date',
          ),
        ),
      },
    },
  },
};

export const organizationRoutes = [
  operationRoute(getOrganization, {
    method: 'GET',
    path: '/api/v1/organizations/:id',
    tags,
    params: idParams,
    responses: { 200: { description: 'the organization', schema: ORGANIZATION_SCHEMA } },
    toInput: ({ params }) => ({ organization_id: params.id }),
  }),
  operationRoute(retireOrganization, {
    method: 'POST',
    path: '/api/v1/organizations/:id/retire',
    description: 'Retiring an already retired organization answers 200 with changed false and does nothing.',
    tags,
    params: idParams,
    query: dryRunQuery,
    body: retireOrganizationBody,
    responses: { 200: { description: 'the cascade summary', schema: RETIRE_ORGANIZATION_RESULT_SCHEMA } },
    errors: { 403: 'Missing organization.delete' },
    toInput: ({ params, body }) => ({ ...body, organization_id: params.id }),
    dryRun: ({ query }) => query.dry_run,
  }),
];
