// POST /auth/login, POST /auth/logout, POST /auth/logout-all, GET /me.
import { publicAccess } from '../../core/routes.js';
import type { Services } from '../../core/services.js';
import { operationRoute } from '../operation-route.js';
import { login } from './operations/login.js';
import { logout, logoutAll } from './operations/logout.js';
import { showMe } from './operations/me.js';

import { LoginResponse, RevokedTokens, User } from './serialize.js';

export const identityRoutes = [
  operationRoute(login, {
    method: 'POST',
    path: '/api/v1/auth/login',
    description:
      'Web tokens live TOKEN_TTL_WEB_DAYS (30) days, mobile tokens TOKEN_TTL_MOBILE_DAYS (180) and are bound ' +
      'to device_fingerprint. A fingerprint the employee has not used before registers a pending device; ' +
      'requests answer 423 until an admin approves it. Wrong email, wrong password and a disabled account ' +
      'all answer the same 401. 5 requests per minute per IP. Idempotency-Key is ignored here: replaying a ' +
      'login would mean storing its token in clear text.',
    tags: ['auth'],
    access: publicAccess,
    // The stored response would hold the bearer token in clear text; every login issues a new token.
    idempotent: false,
    rateLimit: {
      name: 'login',
      window: 'sliding',
      limit: (s: Services) => s.config.workforce.loginRateLimitPerMinute,
      windowSeconds: 60,
      key: (_p, request) => request.ip,
    },
    responses: { 200: { description: 'logged in', schema: LoginResponse } },
    errors: { 401: 'Wrong email or password, or the account is disabled (one message for all)' },
  }),
  operationRoute(logout, {
    method: 'POST',
    path: '/api/v1/auth/logout',
    tags: ['auth'],
    responses: { 200: { description: 'the token is revoked', schema: RevokedTokens } },
  }),
  operationRoute(logoutAll, {
    method: 'POST',
    path: '/api/v1/auth/logout-all',
    tags: ['auth'],
    responses: { 200: { description: 'every token is revoked', schema: RevokedTokens } },
  }),
  operationRoute(showMe, {
    method: 'GET',
    path: '/api/v1/me',
    tags: ['auth'],
    responses: { 200: { description: 'the current user', schema: User } },
  }),
];
