// Organization endpoints: read, retire.
import { defineRoute } from '../../core/routes.js';
import { userAccess } from '../identity/access.js';
import { dryRunQuery, idParams } from '../params.js';
import { RETIRE_UNIT_RESULT_SCHEMA } from '../units/routes.js';
import { retireOrganization } from './operations/retire-organization.js';
import { getOrganization } from './read.js';
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
      items: RETIRE_UNIT_RESULT_SCHEMA,
    },
  },
};

export const organizationRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/organizations/:id',
    summary: 'An organization',
    tags,
    access: userAccess,
    permission: null,
    params: idParams,
    responses: { 200: { description: 'the organization', schema: ORGANIZATION_SCHEMA } },
    handler: ({ services, principal, params }) => getOrganization({ services, actor: principal }, params.id),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/organizations/:id/retire',
    summary: 'Retire an organization and, through the unit cascade, every active unit',
    description: 'Retiring an already retired organization answers 200 with changed false and does nothing.',
    tags,
    access: userAccess,
    permission: 'organization.delete',
    params: idParams,
    query: dryRunQuery,
    body: retireOrganizationBody,
    responses: { 200: { description: 'the cascade summary', schema: RETIRE_ORGANIZATION_RESULT_SCHEMA } },
    errors: { 403: 'Missing organization.delete' },
    handler: ({ services, principal, params, query, body }) =>
      retireOrganization(
        { services, actor: principal },
        { organizationId: params.id, effectiveDate: body.effective_date, reason: body.reason },
        { dryRun: query.dry_run },
      ),
  }),
];
