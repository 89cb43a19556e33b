// `operationRoute(op, spec)`: a workforce route that is a face of one catalogue operation, run by
// the caller the access authenticated (a user's bearer token by default, a partner token for pull;
// publicAccess authenticates no one, so its operations run as the anonymous actor).
import type { Operation } from '../core/operation.js';
import { fromOperation, type Access, type OperationRouteSpec, type Route } from '../core/routes.js';
import { workforceContext, type WorkforceActor } from './context.js';
import { userAccess } from './identity/access.js';

export function operationRoute<
  In,
  Out,
  P extends WorkforceActor | null = any,
  Body = any,
  Query = any,
  Params = any,
>(
  op: Operation<WorkforceActor, In, Out>,
  spec: Omit<OperationRouteSpec<P, WorkforceActor, In, Out, Body, Query, Params>, 'context' | 'access'> & {
    access?: Access<P>;
  },
): Route<P, Body, Query, Params> {
  return fromOperation<P, WorkforceActor, In, Out, Body, Query, Params>(op, {
    ...spec,
    access: spec.access ?? (userAccess as unknown as Access<P>),
    context: (services, principal) => workforceContext(services, principal ?? undefined),
  });
}
