// GET /api/v1/exports/attendance.csv — the locked month as a streamed CSV download.
// Permission export.create; 10 exports per hour per user.
import { Reply } from '../../core/reply.js';
import { defineRoute } from '../../core/routes.js';
import { idNumber, isoMonth, yup } from '../../core/validation.js';
import { userAccess } from '../identity/access.js';
import { exportAttendance } from './operations/export-attendance.js';

export const exportQuerySchema = yup
  .object({
    org_id: idNumber().required(),
    month: isoMonth().required(),
    unit_id: idNumber(),
    allow_unlocked: yup.boolean().default(false),
  })
  .required();

export const exportRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/exports/attendance.csv',
    summary: 'Export a locked month (of an organization or one unit) as CSV',
    description:
      'Streams text/csv with a header row of the daily attendance record fields; flags are joined ' +
      'with "|", absent times are empty cells. The month must be locked (409 LOCK_PENDING otherwise) ' +
      'unless allow_unlocked=true. Permission export.create in the organization; 10 per hour per user.',
    tags: ['exports'],
    access: userAccess,
    permission: 'export.create',
    query: exportQuerySchema,
    rateLimit: {
      name: 'attendance-export',
      limit: (services) => services.config.workforce.exportRateLimitPerHour,
      windowSeconds: 3600,
      key: (user) => `user:${user.userId}`,
    },
    responses: {
      200: {
        description: 'the CSV file',
        contentType: 'text/csv',
        schema: {
          type: 'string',
          example:
            'employee_id,organization_code,unit_code,date,status,check_in,check_out,worked_minutes,flags\n' +
            'E042,ACME,BLR,2026-01-05,present,09:02:11Z,17:45:00Z,523,LATE_CHECK_IN\n',
        },
      },
    },
    errors: {
      403: 'no export.create permission in this organization',
      404: 'the organization (or unit) does not exist or is outside your scopes',
      409: 'the month is not locked yet (code LOCK_PENDING)',
    },
    handler: async ({ services, principal, query }) => {
      const out = await exportAttendance(
        { services, actor: principal },
        {
          organizationId: query.org_id,
          unitId: query.unit_id,
          month: query.month,
          allowUnlocked: query.allow_unlocked,
        },
      );
      return Reply.stream(200, out.csv, 'text/csv; charset=utf-8', {
        'Content-Disposition': `attachment; filename="${out.filename}"`,
        'Cache-Control': 'no-store',
        'X-Record-Count': String(out.records),
      });
    },
  }),
];
