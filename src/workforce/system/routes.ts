// Liveness and clock endpoints of the workforce listener.
import { Reply } from '../../core/reply.js';
import { defineRoute, publicAccess } from '../../core/routes.js';
import { pingDb } from '../../db/knex.js';

export const systemRoutes = [
  defineRoute({
    method: 'GET',
    path: '/up',
    summary: 'Liveness: 200 with body "healthy" while the database answers, 503 "unhealthy" otherwise',
    tags: ['system'],
    access: publicAccess,
    permission: null,
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
    handler: async ({ services }) =>
      (await pingDb(services.db)) ? Reply.text(200, 'healthy') : Reply.text(503, 'unhealthy'),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/ping',
    summary: "The server's current time",
    tags: ['system'],
    access: publicAccess,
    permission: null,
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
    handler: async ({ services }) => ({ now: services.clock.now().toISOString() }),
  }),
];
