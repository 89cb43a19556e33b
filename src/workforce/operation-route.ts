// `operationRoute(op, spec)`: a workforce route that is a face of one catalogue operation, run by
// the caller the access authenticated (a user's bearer token by default, a partner token for pull;
// publicAccess authenticates no one, so its operations run as the anonymous actor).
import { operationRoutes } from '../core/routes.js';
import { workforceContext, type WorkforceActor } from './context.js';
import { userAccess } from './identity/access.js';

export const operationRoute = operationRoutes<WorkforceActor, any>(userAccess, (services, principal) =>
  workforceContext(services, principal ?? undefined),
);
