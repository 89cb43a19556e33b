// GET /api/v1/integrations/payroll/pull — partner token, 60 requests per minute per partner.
import { Reply } from '../../../core/reply.js';
import { List } from '../../../core/shape.js';
import { partnerAccess } from '../../identity/access.js';
import { operationRoute } from '../../operation-route.js';
import { DailyAttendanceRecord } from '../records.js';
import { pullLockedMonth } from './pull-month.js';

export const pullRoutes = [
  operationRoute(pullLockedMonth, {
    method: 'GET',
    path: '/api/v1/integrations/payroll/pull',
    description:
      'The body is a JSON array of daily attendance records in (date, row) order, streamed as it is ' +
      'read from the database. The month counts as locked when the organization-scope lock exists and ' +
      'none of its rows in that month is unlocked; otherwise 409 with code LOCK_PENDING. An organization ' +
      'the partner is not linked to is a 404. 60 requests per minute per partner.',
    tags: ['partners'],
    access: partnerAccess,
    rateLimit: {
      name: 'payroll-pull',
      window: 'sliding',
      limit: (services) => services.config.workforce.pullRateLimitPerMinute,
      windowSeconds: 60,
      key: (partner) => `partner:${partner.partnerId}`,
    },
    responses: {
      200: {
        description: 'the locked month, a JSON array of daily attendance records',
        schema: List(DailyAttendanceRecord),
      },
    },
    errors: {
      404: 'the organization does not exist or is not linked to this partner',
      409: 'the month is not locked yet (code LOCK_PENDING)',
    },
    reply: (pulled) =>
      Reply.stream(200, pulled.body, 'application/json; charset=utf-8', {
        'Cache-Control': 'no-store',
        'X-Organization-Code': pulled.organizationCode,
        'X-Attendance-Month': pulled.month,
      }),
  }),
];
