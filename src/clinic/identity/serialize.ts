// The user resource (login, GET /me, sign-up, owner registration), with its JSON Schema.
import { isoOrNull } from '../../db/time.js';
import { serializeTenantWithRole, TENANT_WITH_ROLE_JSON } from '../tenants/serialize.js';
import type { UserRecord } from './queries.js';

export function serializeUser(record: UserRecord) {
  const { user, memberships, invitations, clients } = record;
  const tenants = memberships.map((m) => serializeTenantWithRole(m.tenant, m.role));
  // The remembered tenant while the user is still a member there, else the first membership.
  const current = tenants.find((t) => t.id === Number(user.current_tenant_id)) ?? tenants[0] ?? null;
  return {
    id: Number(user.id),
    name: user.name,
    email: user.email,
    phone: user.phone ?? null,
    current_tenant: current,
    tenants,
    invitations: invitations.map((i) => ({
      tenant: tenantSummary(i.tenant),
      role: i.role,
      invited_at: isoOrNull(i.invited_at),
    })),
    clients: clients.map((c) => ({ id: c.id, tenant: tenantSummary(c.tenant) })),
    created_at: isoOrNull(user.created_at),
    updated_at: isoOrNull(user.updated_at),
  };
}

export type UserView = ReturnType<typeof serializeUser>;

function tenantSummary(tenant: Record<string, any>) {
  return {
    id: Number(tenant.id),
    name: tenant.name,
    slug: tenant.slug,
    business_type: tenant.business_type,
  };
}

const TENANT_SUMMARY_JSON = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    slug: { type: 'string' },
    business_type: { type: 'string' },
  },
};

export const USER_JSON = {
  type: 'object',
  required: ['id', 'name', 'email', 'current_tenant', 'tenants', 'invitations', 'clients'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    phone: { type: 'string', nullable: true },
    current_tenant: {
      ...TENANT_WITH_ROLE_JSON,
      nullable: true,
      description: 'null when the user belongs to no tenant',
    },
    tenants: {
      type: 'array',
      items: TENANT_WITH_ROLE_JSON,
      description: 'every tenant the user is a member of',
    },
    invitations: {
      type: 'array',
      description:
        'pending invitations to join a tenant (answer with POST /me/invitations/{tenant}/accept or /decline)',
      items: {
        type: 'object',
        required: ['tenant', 'role', 'invited_at'],
        properties: {
          tenant: TENANT_SUMMARY_JSON,
          role: { type: 'string', description: 'the role the membership will hold' },
          invited_at: { type: 'string', format: 'date-time' },
        },
      },
    },
    clients: {
      type: 'array',
      description: 'the Client rows linking this user, as a pet owner, to tenants',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer', description: 'client_id' },
          tenant: TENANT_SUMMARY_JSON,
        },
      },
    },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};

export const USER_DATA_JSON = { type: 'object', required: ['data'], properties: { data: USER_JSON } };
