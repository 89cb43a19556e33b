// Organization endpoints: read, retire.
import { operationRoute } from '../operation-route.js';
import { dryRunQuery } from '../params.js';
import { getOrganization } from './operations/read-organizations.js';
import { retireOrganization } from './operations/retire-organization.js';

import { Organization, OrganizationRetireResult } from './serialize.js';

const tags = ['organizations'];

export const organizationRoutes = [
  operationRoute(getOrganization, {
    method: 'GET',
    path: '/api/v1/organizations/:id',
    tags,
    responses: { 200: { description: 'the organization', schema: Organization } },
    pathFields: { id: 'organization_id' },
  }),
  operationRoute(retireOrganization, {
    method: 'POST',
    path: '/api/v1/organizations/:id/retire',
    description: 'Retiring an already retired organization answers 200 with changed false and does nothing.',
    tags,
    query: dryRunQuery,
    responses: { 200: { description: 'the cascade summary', schema: OrganizationRetireResult } },
    errors: { 403: 'Missing organization.delete' },
    pathFields: { id: 'organization_id' },
    dryRun: ({ query }) => query.dry_run,
  }),
];
