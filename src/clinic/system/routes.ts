// Health of the clinic listener.
import { Reply } from '../../core/reply.js';
import { defineRoute, publicAccess } from '../../core/routes.js';
import { pingDb } from '../../db/knex.js';

export const systemRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/system/health',
    summary: 'Service health: status "ok" while the database answers, "degraded" (503) otherwise',
    tags: ['system'],
    access: publicAccess,
    permission: null,
    responses: {
      200: {
        description: 'healthy',
        schema: {
          type: 'object',
          required: ['service', 'status', 'env', 'clients'],
          properties: {
            service: { type: 'string', example: 'clinic' },
            status: { type: 'string', enum: ['ok', 'degraded'] },
            env: { type: 'string', example: 'production' },
            clients: { type: 'array', items: { type: 'string' }, example: ['clinic-web', 'owner-app'] },
          },
        },
      },
      503: { description: 'the database does not answer (same body, status "degraded")' },
    },
    handler: async ({ services }) => {
      const ok = await pingDb(services.db);
      const body = {
        service: 'clinic',
        status: ok ? 'ok' : 'degraded',
        env: services.config.env,
        clients: services.config.clinic.clients,
      };
      return ok ? body : Reply.json(503, body);
    },
  }),
];
