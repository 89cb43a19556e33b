// Pet-owner registration and the owner's links to tenants under /owner/me.
import { Reply } from '../../core/reply.js';
import { defineRoute, publicAccess } from '../../core/routes.js';
import { validField } from '../../core/validation.js';
import { httpContext } from '../context.js';
import { clinicUserAccess } from '../identity/access.js';
import { serializeUser, USER_JSON } from '../identity/serialize.js';
import { pageBody, pageSchema } from '../pagination.js';
import { getOwnerClient, listOwnerClients } from './operations/owner-clients.js';
import { registerOwner, registrationProblems } from './operations/register-owner.js';
import {
  ownerClientListQuery,
  ownerClientParams,
  registerOwnerSchema,
  type RegisterOwnerInput,
} from './schemas.js';
import { OWNER_CLIENT_JSON, serializeOwnerClient } from './serialize.js';

export const ownerRoutes = [
  defineRoute<null, RegisterOwnerInput>({
    method: 'POST',
    path: '/api/v1/auth/owner/register',
    summary: 'Register a pet owner: the account and the Client row linking it to the tenant',
    description:
      'No token is returned: the owner logs in with POST /auth/login. Rate-limited per IP with the ' +
      'sign-up limit (TENANT_SIGNUP_RATE_LIMIT_PER_HOUR), counted apart from tenant sign-ups.',
    tags: ['owners'],
    access: publicAccess,
    permission: null,
    body: registerOwnerSchema,
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
        schema: {
          type: 'object',
          properties: {
            data: { type: 'object', properties: { user: USER_JSON, client_id: { type: 'integer' } } },
          },
        },
      },
    },
    handler: async ({ services, body }) => {
      const registered = await registerOwner(httpContext(services, null), body);
      return Reply.json(201, {
        data: { user: serializeUser(registered.user), client_id: registered.clientId },
      });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/owner/me/clients',
    summary: 'The tenants the caller is registered with as a pet owner (their Client rows), 50 per page',
    tags: ['owners'],
    access: clinicUserAccess,
    permission: null,
    query: ownerClientListQuery,
    responses: { 200: { description: 'the caller’s Client rows', schema: pageSchema(OWNER_CLIENT_JSON) } },
    handler: async ({ services, principal, query, request }) => {
      const page = await listOwnerClients(httpContext(services, principal.userId), {
        ownerUserId: principal.userId,
        page: query.page,
      });
      return pageBody(page, request.path, query, serializeOwnerClient);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/owner/me/clients/:client',
    summary: 'One of the caller’s Client rows; another owner’s is a 404',
    tags: ['owners'],
    access: clinicUserAccess,
    permission: null,
    params: ownerClientParams,
    responses: {
      200: {
        description: 'the Client row',
        schema: { type: 'object', properties: { data: OWNER_CLIENT_JSON } },
      },
    },
    handler: async ({ services, principal, params }) => ({
      data: serializeOwnerClient(
        await getOwnerClient(httpContext(services, principal.userId), {
          ownerUserId: principal.userId,
          clientId: params.client,
        }),
      ),
    }),
  }),
];
