// Liveness, readiness and clock endpoints of the workforce listener.
import { READY_ROUTE } from '../../core/readiness.js';
import { Reply } from '../../core/reply.js';
import { publicAccess } from '../../core/routes.js';
import { Str } from '../../core/shape.js';
import { operationRoute } from '../operation-route.js';
import { checkHealth, checkReady, Clock, ping } from './operations/system-checks.js';

export const systemRoutes = [
  operationRoute(checkHealth, {
    method: 'GET',
    path: '/up',
    tags: ['system'],
    access: publicAccess,
    responses: {
      200: {
        description: 'healthy',
        contentType: 'text/plain',
        schema: Str({ example: 'healthy' }),
      },
      503: {
        description: 'draining: the daemon is shutting down (a database outage does not fail liveness)',
        contentType: 'text/plain',
        schema: Str({ example: 'draining' }),
      },
    },
    reply: ({ draining }) => (draining ? Reply.text(503, 'draining') : Reply.text(200, 'healthy')),
  }),
  operationRoute(checkReady, READY_ROUTE),
  operationRoute(ping, {
    method: 'GET',
    path: '/api/v1/ping',
    tags: ['system'],
    access: publicAccess,
    responses: {
      200: {
        description: 'current time',
        schema: Clock,
      },
    },
  }),
];
