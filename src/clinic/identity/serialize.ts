// The user resource (login, GET /me, sign-up, owner registration) and what answers with it.
import { DateTime, Enum, Int, List, Nullable, Obj, Str, type Shape } from '../../core/shape.js';
import { iso } from '../../db/time.js';
import { serializeTenantWithRole, Tenant, TenantSummary, TenantWithRole } from '../tenants/serialize.js';
import { ROLES, type Role } from './roles.js';
import type { UserRecord } from './queries.js';

/** Someone named on a record (who issued a prescription, who handles an order). */
export const UserRef = Obj({ id: Int(), name: Str() });

export const User = Obj({
  id: Int(),
  name: Str(),
  email: Str({ format: 'email' }),
  phone: Nullable(Str()),
  current_tenant: Nullable({ ...TenantWithRole, description: 'null when the user belongs to no tenant' }),
  tenants: List(TenantWithRole, { description: 'every tenant the user is a member of' }),
  invitations: List(
    Obj({
      tenant: TenantSummary,
      role: Enum(ROLES, { description: 'the role the membership will hold' }),
      invited_at: DateTime(),
    }),
    {
      description:
        'pending invitations to join a tenant (answer with POST /me/invitations/{tenant}/accept or /decline)',
    },
  ),
  clients: List(Obj({ id: Int({ description: 'client_id' }), tenant: TenantSummary }), {
    description: 'the Client rows linking this user, as a pet owner, to tenants',
  }),
  created_at: DateTime(),
  updated_at: DateTime(),
});
export type UserView = Shape<typeof User>;

/** POST /auth/login: the user, and the token that stands for them. */
export const Login = Obj({
  data: User,
  token: Str({ description: 'send as Authorization: Bearer <token>; shown only here', example: '7|Xo3…' }),
  token_type: Enum(['Bearer'] as const),
  expires_at: DateTime({ description: 'issue time + CLINIC_TOKEN_TTL_DAYS' }),
});

/** POST /tenants: the new tenant and its admin. */
export const TenantSignup = Obj({ tenant: Tenant, user: User });

export function serializeUser(record: UserRecord): UserView {
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
      role: i.role as Role,
      invited_at: iso(i.invited_at),
    })),
    clients: clients.map((c) => ({ id: c.id, tenant: tenantSummary(c.tenant) })),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
  };
}

function tenantSummary(tenant: Record<string, any>): Shape<typeof TenantSummary> {
  return {
    id: Number(tenant.id),
    name: tenant.name,
    slug: tenant.slug,
    business_type: tenant.business_type,
  };
}
