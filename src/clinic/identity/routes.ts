// Login, logout and the caller's own account.
import { Reply } from '../../core/reply.js';
import { defineRoute, publicAccess } from '../../core/routes.js';
import { httpContext } from '../context.js';
import { clinicUserAccess } from './access.js';
import { login } from './operations/login.js';
import { logout } from './operations/logout.js';
import { loadUserRecord } from './queries.js';
import { loginSchema, type LoginInput } from './schemas.js';
import { serializeUser, USER_DATA_JSON, USER_JSON } from './serialize.js';

const LOGIN_JSON = {
  type: 'object',
  required: ['data', 'token', 'token_type', 'expires_at'],
  properties: {
    data: USER_JSON,
    token: {
      type: 'string',
      description: 'send as Authorization: Bearer <token>; shown only here',
      example: '7|Xo3…',
    },
    token_type: { type: 'string', enum: ['Bearer'] },
    expires_at: { type: 'string', format: 'date-time', description: 'issue time + CLINIC_TOKEN_TTL_DAYS' },
  },
};

export const identityRoutes = [
  defineRoute<null, LoginInput>({
    method: 'POST',
    path: '/api/v1/auth/login',
    summary: 'Log in with email and password: the user resource plus a bearer token',
    description:
      'Staff and pet owners log in here. The token sits beside `data` (token, token_type, expires_at); ' +
      'it lives CLINIC_TOKEN_TTL_DAYS days (default 30) from issue. Rate-limited per IP ' +
      '(CLINIC_LOGIN_RATE_LIMIT_PER_MINUTE, default 5 per minute).',
    tags: ['auth'],
    access: publicAccess,
    permission: null,
    body: loginSchema,
    // The response carries a secret: it must never be stored for an Idempotency-Key replay.
    idempotent: false,
    rateLimit: {
      name: 'clinic-login',
      limit: (s) => s.config.clinic.loginRateLimitPerMinute,
      windowSeconds: 60,
      key: (_p, request) => request.ip,
    },
    responses: { 200: { description: 'logged in', schema: LOGIN_JSON } },
    errors: { 401: 'Wrong email or password (one message for both)' },
    handler: async ({ services, body }) => {
      const result = await login(httpContext(services, null), body);
      return {
        data: serializeUser(result.record),
        token: result.token.token,
        token_type: 'Bearer',
        expires_at: result.token.expiresAt.toISOString(),
      };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/auth/logout',
    summary: 'Log out: the bearer token of this request stops working',
    tags: ['auth'],
    access: clinicUserAccess,
    permission: null,
    responses: { 204: { description: 'logged out' } },
    handler: async ({ services, principal }) => {
      await logout(httpContext(services, principal.userId), { tokenId: principal.tokenId });
      return Reply.noContent();
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/me',
    summary: 'The caller: the same user resource as the login response',
    tags: ['auth'],
    access: clinicUserAccess,
    permission: null,
    responses: { 200: { description: 'the caller', schema: USER_DATA_JSON } },
    handler: async ({ services, principal }) => ({
      data: serializeUser(await loadUserRecord(services.db, principal.userId)),
    }),
  }),
];
