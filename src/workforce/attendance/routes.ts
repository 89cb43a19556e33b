// HTTP routes of attendance: ingestion, the attendances list, lock and unlock.
import { Reply } from '../../core/reply.js';
import { operationRoute } from '../operation-route.js';
import { dryRunQuery } from '../params.js';
import { listAttendances } from './operations/list-attendances.js';
import { lockMonth } from './operations/lock-month.js';
import { ingestionKey } from './ingestion-key.js';
import { recordPunch } from './operations/record-punch.js';
import { unlockMonth } from './operations/unlock-month.js';
import { lockSchema, LIST_LIMIT_MAX } from './schemas.js';
import { PageOf } from '../listing.js';
import { LockResult, UnlockResult } from './locks.js';
import { AttendanceRecord, PunchRecorded } from './serialize.js';

export const attendanceRoutes = [
  operationRoute(recordPunch, {
    method: 'POST',
    path: '/api/v1/attendance/punches',
    description:
      'The server decides the attendance date from the instant `at` in the unit’s time zone. A repeated ' +
      'identical punch is absorbed (200, `duplicate: true`). Without employee_id the punch is the caller’s ' +
      'own; with another employee’s employee_id it is an admin correction (attendance.lock in that ' +
      'organization) and the day is flagged REGULARIZED. 409 ATTENDANCE_LOCKED when the day is locked. ' +
      'Rate limit: INGESTION_RATE_LIMIT_PER_MINUTE (30) per employee per minute, corrections for the ' +
      'employee included (checked once the body is valid).',
    tags: ['attendance'],
    rateLimit: {
      name: 'ingestion',
      window: 'sliding',
      limit: (s) => s.config.workforce.ingestionRateLimitPerMinute,
      windowSeconds: 60,
      // Counted per employee: an hr correction spends the employee's budget, not hr's own.
      afterBody: true,
      key: (p, _request, body, services) => ingestionKey(services.db, p, body?.employee_id),
    },
    responses: {
      201: { description: 'punch recorded; the derived daily record', schema: PunchRecorded },
      200: { description: 'identical punch already recorded (absorbed)', schema: PunchRecorded },
    },
    errors: {
      403: 'a correction (another employee’s punch) without attendance.lock in their organization',
      404: 'employee_id names no employee, or one outside the caller’s organizations',
      409: 'ATTENDANCE_LOCKED: the day is in a locked pay month',
    },
    reply: (result) => Reply.json(result.punch.duplicate ? 200 : 201, result),
  }),
  operationRoute(listAttendances, {
    method: 'GET',
    path: '/api/v1/attendances',
    description: `limit defaults to 50, at most ${LIST_LIMIT_MAX} (more is a 422). employee_id is the employee code. A tampered cursor is a 422.`,
    tags: ['attendance'],
    errors: { 404: 'organization_id, unit_id or employee_id names a record outside the caller’s scope' },
    responses: {
      200: {
        description: 'one page',
        schema: PageOf(AttendanceRecord),
      },
    },
  }),
  operationRoute(lockMonth, {
    method: 'POST',
    path: '/api/v1/attendance/lock',
    description:
      'Stamps locked_at on every unlocked row of the scope and month in one statement. Already covered → ' +
      '409 MONTH_ALREADY_LOCKED with lock_id of the covering lock. An organization lock over a month where ' +
      'some units are locked covers the remaining rows (units_already_locked lists the others). ' +
      '?dry_run=true answers 200 with the same summary (lock_id null) and changes nothing.',
    tags: ['attendance'],
    body: lockSchema,
    toInput: ({ body }) => body,
    query: dryRunQuery,
    responses: {
      201: { description: 'lock created', schema: LockResult },
      200: {
        description: '?dry_run=true: what the lock would do (lock_id null); nothing changed',
        schema: LockResult,
      },
    },
    errors: { 409: 'MONTH_ALREADY_LOCKED: the scope is already covered; lock_id names the covering lock' },
    dryRun: ({ query }) => query.dry_run,
    reply: (result) => Reply.json(result.dry_run ? 200 : 201, result),
  }),
  operationRoute(unlockMonth, {
    method: 'POST',
    path: '/api/v1/attendance/unlock',
    description:
      'Clears locked_at only on rows carrying this lock_id in the lock’s organization and scope. hr is ' +
      'refused (403). A unit lock inside an organization-locked month → 409 ORGANIZATION_LOCK_COVERS_MONTH. ' +
      '?dry_run=true returns the same summary and changes nothing.',
    tags: ['attendance'],
    query: dryRunQuery,
    responses: {
      200: {
        description: 'unlocked',
        schema: UnlockResult,
      },
    },
    errors: { 409: 'ORGANIZATION_LOCK_COVERS_MONTH: unlock the organization lock first' },
    dryRun: ({ query }) => query.dry_run,
  }),
];
