// Pet-owner registration and the owner's links to tenants under /owner/me.
import { Reply } from '../../core/reply.js';
import { publicAccess } from '../../core/routes.js';
import { Data } from '../../core/shape.js';
import { validField } from '../../core/validation.js';
import { clinicOperationRoute } from '../operation-route.js';
import { pageReply } from '../pagination.js';
import { getOwnerClient, listOwnerClients } from './operations/owner-clients.js';
import { registerOwner, registrationProblems } from './operations/register-owner.js';
import { registerOwnerSchema } from './schemas.js';
import { OwnerClient, OwnerClientPage, OwnerRegistration } from './serialize.js';

export const ownerRoutes = [
  clinicOperationRoute(registerOwner, {
    method: 'POST',
    path: '/api/v1/auth/owner/register',
    description:
      'No token is returned: the owner logs in with POST /auth/login. Rate-limited per IP with the ' +
      'sign-up limit (TENANT_SIGNUP_RATE_LIMIT_PER_HOUR), counted apart from tenant sign-ups.',
    tags: ['owners'],
    access: publicAccess,
    crossChecks: async (raw, services) =>
      registrationProblems(services.db, {
        email: await validField(registerOwnerSchema, 'email', raw),
        tenant_id: await validField(registerOwnerSchema, 'tenant_id', raw),
      }),
    rateLimit: {
      name: 'owner-register',
      limit: (s) => s.config.clinic.signupRateLimitPerHour,
      windowSeconds: 3600,
      key: (_p, request) => request.ip,
    },
    responses: {
      201: {
        description: 'registered',
        schema: Data(OwnerRegistration),
      },
    },
    reply: (registered) => Reply.json(201, { data: registered }),
  }),
  clinicOperationRoute(listOwnerClients, {
    method: 'GET',
    path: '/api/v1/owner/me/clients',
    tags: ['owners'],
    responses: { 200: { description: 'the caller’s Client rows', schema: OwnerClientPage } },
    reply: pageReply,
  }),
  clinicOperationRoute(getOwnerClient, {
    method: 'GET',
    path: '/api/v1/owner/me/clients/:client',
    tags: ['owners'],
    responses: {
      200: {
        description: 'the Client row',
        schema: Data(OwnerClient),
      },
    },
    pathFields: { client: 'client_id' },
    reply: (client) => ({ data: client }),
  }),
];
