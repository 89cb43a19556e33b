// The tenant's clients (pet owners linked to it), for the clinic side.
import { isoOrNull } from '../../db/time.js';
import { httpContext } from '../context.js';
import { tenantRoute } from '../identity/access.js';
import { pageBody, pageQuery, pageSchema } from '../pagination.js';
import { tenantParams } from '../tenants/schemas.js';
import { listClients } from './operations/list-clients.js';

export function serializeClient(row: Record<string, any>) {
  return {
    id: Number(row.id),
    tenant_id: Number(row.tenant_id),
    owner_user_id: row.owner_user_id === null ? null : Number(row.owner_user_id),
    name: row.name,
    email: row.email ?? null,
    phone: row.phone ?? null,
    pets_count: Number(row.pets_count ?? 0),
    created_at: isoOrNull(row.created_at),
    updated_at: isoOrNull(row.updated_at),
  };
}

const nullableStr = { type: 'string', nullable: true };
export const CLIENT_JSON = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    tenant_id: { type: 'integer' },
    owner_user_id: { type: 'integer', nullable: true },
    name: { type: 'string' },
    email: nullableStr,
    phone: nullableStr,
    pets_count: { type: 'integer' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};

export const clientRoutes = [
  tenantRoute({
    method: 'GET',
    path: '/api/v1/tenant/:tenant/clients',
    summary: 'The tenant’s clients (pet owners), 50 per page, by name',
    tags: ['clients'],
    permission: null,
    params: tenantParams,
    query: pageQuery,
    responses: { 200: { description: 'clients', schema: pageSchema(CLIENT_JSON) } },
    handler: async ({ services, principal, query, request }) => {
      const page = await listClients(httpContext(services, principal.userId), {
        tenantId: principal.tenant.id,
        page: query.page,
      });
      return pageBody(page, request.path, query, serializeClient);
    },
  }),
];
