// Liveness and clock endpoints of the workforce listener.
import { Reply } from '../../core/reply.js';
import { publicAccess } from '../../core/routes.js';
import { operationRoute } from '../operation-route.js';
import { checkHealth, ping } from './operations/system-checks.js';

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
        schema: { type: 'string', example: 'healthy' },
      },
      503: {
        description: 'the database does not answer',
        contentType: 'text/plain',
        schema: { type: 'string' },
      },
    },
    toInput: () => ({}),
    reply: ({ healthy }) => (healthy ? Reply.text(200, 'healthy') : Reply.text(503, 'unhealthy')),
  }),
  operationRoute(ping, {
    method: 'GET',
    path: '/api/v1/ping',
    tags: ['system'],
    access: publicAccess,
    responses: {
      200: {
        description: 'current time',
        schema: {
          type: 'object',
          required: ['now'],
          properties: { now: { type: 'string', format: 'date-time', example: '2026-11-25T10:00:00.000Z' } },
        },
      },
    },
    toInput: () => ({}),
  }),
];
