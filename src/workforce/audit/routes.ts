// GET /audit-entries.
import { defineRoute } from '../../core/routes.js';
import { userAccess } from '../identity/access.js';
import { pageSchema } from '../listing.js';
import { AUDIT_ENTRY_SCHEMA, auditQuery, listAuditEntries } from './read.js';

export const auditRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/audit-entries',
    summary: 'The audit trail, newest first',
    description:
      'system_admin reads every entry; hr and org_admin read their organizations’ entries; ' +
      'others get 403. organization_id outside the caller’s organizations is a 404.',
    tags: ['audit'],
    access: userAccess,
    permission: 'employee.update',
    query: auditQuery,
    responses: { 200: { description: 'a page of entries', schema: pageSchema(AUDIT_ENTRY_SCHEMA) } },
    errors: {
      403: 'No hr, org_admin or system_admin role',
      404: 'organization_id outside the caller’s scope',
    },
    handler: ({ services, principal, query }) => listAuditEntries({ services, actor: principal }, query),
  }),
];
