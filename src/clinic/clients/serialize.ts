// A Client row (a pet owner the tenant knows) as the clinic side sees it, with its JSON Schema.
import { isoOrNull } from '../../db/time.js';

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

export type ClientView = ReturnType<typeof serializeClient>;

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
