// Login, logout and the caller's own account.
import { Reply } from '../../core/reply.js';
import { publicAccess } from '../../core/routes.js';
import { Data } from '../../core/shape.js';
import { clinicOperationRoute } from '../operation-route.js';
import { login } from './operations/login.js';
import { logout } from './operations/logout.js';
import { showMe } from './operations/show-me.js';

import { Login, User } from './serialize.js';

export const identityRoutes = [
  clinicOperationRoute(login, {
    method: 'POST',
    path: '/api/v1/auth/login',
    description:
      'Staff and pet owners log in here. The token sits beside `data` (token, token_type, expires_at); ' +
      'it lives CLINIC_TOKEN_TTL_DAYS days (default 30) from issue. Rate-limited per IP ' +
      '(CLINIC_LOGIN_RATE_LIMIT_PER_MINUTE, default 5 per minute).',
    tags: ['auth'],
    access: publicAccess,
    // The response carries a secret: it must never be stored for an Idempotency-Key replay.
    idempotent: false,
    rateLimit: {
      name: 'clinic-login',
      limit: (s) => s.config.clinic.loginRateLimitPerMinute,
      windowSeconds: 60,
      key: (_p, request) => request.ip,
    },
    responses: { 200: { description: 'logged in', schema: Login } },
    errors: { 401: 'Wrong email or password (one message for both)' },
    reply: ({ user, ...token }) => ({ data: user, ...token }),
  }),
  clinicOperationRoute(logout, {
    method: 'POST',
    path: '/api/v1/auth/logout',
    tags: ['auth'],
    responses: { 204: { description: 'logged out' } },
    principalFields: { token_id: (principal) => principal.tokenId },
    reply: () => Reply.noContent(),
  }),
  clinicOperationRoute(showMe, {
    method: 'GET',
    path: '/api/v1/me',
    tags: ['auth'],
    responses: { 200: { description: 'the caller', schema: Data(User) } },
    reply: (user) => ({ data: user }),
  }),
];
