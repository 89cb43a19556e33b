// Who may call a clinic route. `clinicUserAccess`: any clinic account with a valid bearer token
// (staff and pet owners alike; /owner/me/* routes then scope every query by the token's user).
// `tenantRoute(...)`: the same token, plus membership of the tenant named in /tenant/{tenant}/ and,
// where the route names one, a permission of the member's role.
import type { Access, RequestInfo, Route } from '../../core/routes.js';
import { defineRoute } from '../../core/routes.js';
import type { Services } from '../../core/services.js';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../core/errors.js';
import { findTenantByRef, type TenantRow } from '../tenants/resolve.js';
import { permissionsOf, roleHas } from './roles.js';
import { verifyToken } from './tokens.js';

export interface ClinicPrincipal {
  userId: number;
  tokenId: number;
}

export interface TenantPrincipal extends ClinicPrincipal {
  tenant: TenantRow;
  role: string;
  permissions: string[];
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export const clinicUserAccess: Access<ClinicPrincipal> = {
  name: 'clinic bearer token',
  securityScheme: 'bearerAuth',
  failureStatuses: [401],
  async authenticate(request: RequestInfo, services: Services) {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? BEARER.exec(header) : null;
    if (!match) throw new UnauthorizedError('Unauthenticated: send Authorization: Bearer <token>.');
    const verified = await verifyToken(services.db, services.clock, match[1]);
    // Malformed, unknown, wrong secret, expired or logged out: one answer, nothing to probe.
    if (!verified) throw new UnauthorizedError('Unauthenticated: the token is invalid or expired.');
    return verified;
  },
  principalKey: (p) => `clinic-user:${p.userId}`,
};

const TENANT_SEGMENT = /^\/api\/v1\/tenant\/([^/]+)(?:\/|$)/;

function tenantMemberAccess(permission: string | null): Access<TenantPrincipal> {
  return {
    name: permission ? `tenant member with ${permission}` : 'tenant member',
    securityScheme: 'bearerAuth',
    failureStatuses: [401, 403, 404],
    async authenticate(request, services) {
      const principal = await clinicUserAccess.authenticate(request, services);
      const ref = TENANT_SEGMENT.exec(request.path)?.[1];
      const tenant = ref ? await findTenantByRef(services.db, safeDecode(ref)) : undefined;
      if (!tenant) throw new NotFoundError('Tenant not found.');
      const membership = await services
        .db('tenant_memberships')
        .where({ tenant_id: tenant.id, user_id: principal.userId })
        .first('role');
      if (!membership) throw new ForbiddenError('You are not a member of this tenant.', 'NOT_A_MEMBER');
      const role = String(membership.role);
      if (permission && !roleHas(role, permission)) {
        throw new ForbiddenError(`This action requires the ${permission} permission.`, 'PERMISSION_DENIED');
      }
      return {
        ...principal,
        tenant: { ...tenant, id: Number(tenant.id) },
        role,
        permissions: permissionsOf(role),
      };
    },
    principalKey: (p) => `clinic-user:${p.userId}`,
  };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const accessByPermission = new Map<string | null, Access<TenantPrincipal>>();

/** A route under /api/v1/tenant/:tenant/: membership is checked, and `permission` when not null. */
export function tenantRoute<Body = any, Query = any, Params = any>(
  route: Omit<Route<TenantPrincipal, Body, Query, Params>, 'access'>,
): Route<TenantPrincipal, Body, Query, Params> {
  if (!route.path.startsWith('/api/v1/tenant/:tenant/')) {
    throw new Error(`tenantRoute ${route.path} must start with /api/v1/tenant/:tenant/`);
  }
  // `tenant.member` (the operations' rule for membership alone) needs no permission beyond it.
  const permission = route.permission === 'tenant.member' ? null : route.permission;
  let access = accessByPermission.get(permission);
  if (!access) accessByPermission.set(permission, (access = tenantMemberAccess(permission)));
  return defineRoute({ ...route, access });
}
