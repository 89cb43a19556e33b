// Clinic routes that are faces of catalogue operations:
// - `tenantOperationRoute(op, …)` under /api/v1/tenant/:tenant/: the access checks the bearer token
//   and the membership (404 unknown tenant, 403 not a member or missing permission), and the
//   operation's policy checks again from the member's role, so the same rule holds from the CLI;
// - `clinicOperationRoute(op, …)`: any other route, with the access given (default: a clinic
//   bearer token; `publicAccess` for the public ones).
import type { AnySchema } from 'yup';
import type { Operation } from '../core/operation.js';
import type { yup } from '../core/validation.js';
import {
  fromOperation,
  operationRoutes,
  type Access,
  type OperationRouteSpec,
  type Route,
} from '../core/routes.js';
import { httpContext, type ClinicActor } from './context.js';
import { tenantParams } from './tenants/schemas.js';
import {
  clinicUserAccess,
  tenantRoute,
  type ClinicPrincipal,
  type TenantPrincipal,
} from './identity/access.js';

export function tenantOperationRoute<In, Out, Body = any, Query = any, Params = any>(
  op: Operation<ClinicActor, In, Out>,
  spec: Omit<
    OperationRouteSpec<TenantPrincipal, ClinicActor, In, Out, Body, Query, Params>,
    'context' | 'access'
  >,
): Route<TenantPrincipal, Body, Query, Params> {
  // The path's tenant, whose membership the access checked, is the input's tenant_id.
  const fillsTenant = !spec.toInput && 'tenant_id' in (op.input as yup.AnyObjectSchema).fields;
  const route = fromOperation<TenantPrincipal, ClinicActor, In, Out, Body, Query, Params>(op, {
    ...spec,
    ...(fillsTenant && {
      principalFields: { tenant_id: (p: TenantPrincipal) => p.tenant.id, ...spec.principalFields },
    }),
    pathParams: { tenant: tenantParams.fields.tenant as AnySchema, ...spec.pathParams },
    access: undefined as unknown as Access<TenantPrincipal>, // set by tenantRoute below
    context: (services, p) => httpContext(services, p.userId, { [p.tenant.id]: p.role }),
  });
  const { access: _access, ...rest } = route;
  return tenantRoute(rest); // picks the access (membership, and the permission) from op.permission
}

export const clinicOperationRoute = operationRoutes<ClinicActor, ClinicPrincipal>(
  clinicUserAccess,
  (services, p) => httpContext(services, p ? p.userId : null),
);
