// GET /audit-entries.
import { operationRoute } from '../operation-route.js';
import { PageOf } from '../listing.js';
import { listAuditEntries } from './operations/list-audit-entries.js';
import { AuditEntry } from './serialize.js';

export const auditRoutes = [
  operationRoute(listAuditEntries, {
    method: 'GET',
    path: '/api/v1/audit-entries',
    description:
      'system_admin reads every entry; hr and org_admin read their organizations’ entries; ' +
      'others get 403. organization_id outside the caller’s organizations is a 404.',
    tags: ['audit'],
    responses: { 200: { description: 'a page of entries', schema: PageOf(AuditEntry) } },
    errors: {
      403: 'No hr, org_admin or system_admin role',
      404: 'organization_id outside the caller’s scope',
    },
  }),
];
