// GET /api/v1/exports/attendance.csv — the locked month as a streamed CSV download.
// Permission export.create; 10 exports per hour per user.
import { Reply } from '../../core/reply.js';
import { Str } from '../../core/shape.js';
import { operationRoute } from '../operation-route.js';
import { attendanceCsv, exportAttendance } from './operations/export-attendance.js';
import { exportQuerySchema } from './schemas.js';

export const exportRoutes = [
  operationRoute(exportAttendance, {
    method: 'GET',
    path: '/api/v1/exports/attendance.csv',
    description:
      'Streams text/csv with a header row of the daily attendance record fields; flags are joined ' +
      'with "|", absent times are empty cells. The month must be locked (409 LOCK_PENDING otherwise) ' +
      'unless allow_unlocked=true. Permission export.create in the organization; 10 per hour per user.',
    tags: ['exports'],
    query: exportQuerySchema,
    toInput: ({ query }) => query,
    rateLimit: {
      name: 'attendance-export',
      window: 'sliding',
      limit: (services) => services.config.workforce.exportRateLimitPerHour,
      windowSeconds: 3600,
      key: (user) => `user:${user.userId}`,
    },
    responses: {
      200: {
        description: 'the CSV file',
        contentType: 'text/csv',
        schema: Str({
          example:
            'employee_id,organization_code,unit_code,date,status,check_in,check_out,worked_minutes,flags\n' +
            'E042,ACME,BLR,2026-01-05,present,09:02:11Z,17:45:00Z,523,LATE_CHECK_IN\n',
        }),
      },
    },
    errors: {
      403: 'no export.create permission in this organization',
      404: 'the organization (or unit) does not exist or is outside your scopes',
      409: 'the month is not locked yet (code LOCK_PENDING)',
    },
    // The month was read in the operation's snapshot; the client takes it from the spool at its pace.
    reply: (out) =>
      Reply.stream(200, attendanceCsv(out), 'text/csv; charset=utf-8', {
        'Content-Disposition': `attachment; filename="${out.filename}"`,
        'Cache-Control': 'no-store',
        'X-Record-Count': String(out.records),
      }),
  }),
];
