// Health and readiness of the clinic listener: the contract's /system/health, and /ready beside the
// API (the same readiness as the workforce listener's, for a proxy in front of both).
import { READY_ROUTE } from '../../core/readiness.js';
import { Reply } from '../../core/reply.js';
import { publicAccess } from '../../core/routes.js';
import { clinicOperationRoute } from '../operation-route.js';
import { checkHealth } from './operations/health.js';
import { checkReady } from './operations/ready.js';
import { Health } from './serialize.js';

export const systemRoutes = [
  clinicOperationRoute(checkHealth, {
    method: 'GET',
    path: '/api/v1/system/health',
    tags: ['system'],
    access: publicAccess,
    responses: {
      200: { description: 'healthy', schema: Health },
      503: { description: 'the database does not answer (same body, status "degraded")', schema: Health },
    },
    reply: (health) => (health.status === 'ok' ? health : Reply.json(503, health)),
  }),
  clinicOperationRoute(checkReady, READY_ROUTE),
];
