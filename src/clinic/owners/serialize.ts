// A Client row as its owner sees it: the link to a tenant, with that tenant's contact details.
import { isoOrNull } from '../../db/time.js';

export function serializeOwnerClient(row: Record<string, any>) {
  return {
    id: Number(row.id),
    tenant_id: Number(row.tenant_id),
    owner_user_id: row.owner_user_id === null ? null : Number(row.owner_user_id),
    name: row.name,
    email: row.email ?? null,
    phone: row.phone ?? null,
    tenant: {
      id: Number(row.tenant_id),
      name: row.tenant_name,
      slug: row.tenant_slug,
      business_type: row.tenant_business_type,
      email: row.tenant_email,
      phone: row.tenant_phone ?? null,
      address: row.tenant_address ?? null,
    },
    created_at: isoOrNull(row.created_at),
    updated_at: isoOrNull(row.updated_at),
  };
}

export type OwnerClientView = ReturnType<typeof serializeOwnerClient>;

const nullableStr = { type: 'string', nullable: true };

export const OWNER_CLIENT_JSON = {
  type: 'object',
  properties: {
    id: { type: 'integer', description: 'client_id' },
    tenant_id: { type: 'integer' },
    owner_user_id: { type: 'integer' },
    name: { type: 'string' },
    email: nullableStr,
    phone: nullableStr,
    tenant: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        slug: { type: 'string' },
        business_type: { type: 'string' },
        email: { type: 'string' },
        phone: nullableStr,
        address: nullableStr,
      },
    },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};
