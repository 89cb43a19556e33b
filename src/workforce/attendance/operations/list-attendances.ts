// attendance.list (GET /attendances): keyset pagination over (date, id), so any page costs what
// the first costs. Scoped to the organizations where the caller holds a staff role (the
// records.view scopes) plus the caller's own employee rows: a plain employee sees only theirs; an
// organization filter outside that scope is a 404.
import type { Knex } from 'knex';
import { decodeCursor, encodeCursor } from '../../../core/cursor.js';
import { NotFoundError, ValidationError } from '../../../core/errors.js';
import { defineOperation } from '../../../core/operation.js';
import { actingUser, type WorkforceRun } from '../../context.js';
import { listSchema, type ListAttendancesInput } from '../schemas.js';
import { selectAttendance, serializeAttendance, type AttendanceRecord } from '../serialize.js';

export interface AttendancePage {
  data: AttendanceRecord[];
  meta: { next_cursor: string | null; limit: number };
}

export const listAttendances = defineOperation({
  name: 'attendance.list',
  summary: 'Daily attendance records, keyset-paginated by (date, id)',
  input: listSchema,
  permission: 'records.view',
  kind: 'read',
  run: (ctx: WorkforceRun, input) => attendancePage(ctx, input),
});

async function attendancePage(ctx: WorkforceRun, input: ListAttendancesInput): Promise<AttendancePage> {
  const { db } = ctx;
  const userId = actingUser(ctx).userId;
  const limit = input.limit;
  const after = input.cursor ? decodeCursor(input.cursor, 2) : null;
  if (after && (typeof after[0] !== 'string' || typeof after[1] !== 'number')) {
    throw ValidationError.field('cursor', 'The cursor is invalid.');
  }
  const visible = await ctx.scopes();
  if (input.organization_id !== undefined && visible !== null && !visible.includes(input.organization_id)) {
    const own = await db('employees')
      .where({ user_id: userId, organization_id: input.organization_id })
      .first('id');
    if (!own) throw new NotFoundError('Organization not found.');
  }
  // A unit or an employee filter outside the caller's scope is a 404 too, like the organization's:
  // an empty page would differ from a 404 only by telling that the record exists.
  if (visible !== null && input.unit_id !== undefined) {
    const unit = await db('organization_units as u')
      .where('u.id', input.unit_id)
      .where((w) => {
        if (visible.length) w.whereIn('u.organization_id', visible);
        w.orWhereExists(ownEmployeeIn(db, userId, 'u.organization_id'));
      })
      .first('u.id');
    if (!unit) throw new NotFoundError('Unit not found.');
  }
  if (visible !== null && input.employee_id !== undefined) {
    const employee = await db('employees as e')
      .where('e.employee_id', input.employee_id)
      .where((w) => {
        if (visible.length) w.whereIn('e.organization_id', visible);
        w.orWhere('e.user_id', userId);
      })
      .first('e.id');
    if (!employee) throw new NotFoundError('Employee not found.');
  }

  // The page's ids first, then their records (a deferred join, as the payroll pull's pages). Asked
  // for the joined rows directly, MariaDB 10.11 scans the organization's index entries from the
  // first one up to the cursor (a deep page cost 2-8x page 1); the id-only query is a range seek on
  // (organization_id, date, id). Every filter, the visibility rule and the cursor apply here.
  const q = db('attendance as a').select('a.id');
  if (input.employee_id !== undefined) q.join('employees as e', 'e.id', 'a.employee_id');
  // With an organization filter the caller sees in full, the visibility rule below is implied by
  // the filter; left in, its OR (and subquery on employees) also keeps MariaDB from seeking the index.
  const implied = input.organization_id !== undefined && visible?.includes(input.organization_id);
  if (visible !== null && !implied) {
    q.where((w) => {
      if (visible.length) w.whereIn('a.organization_id', visible);
      w.orWhereIn('a.employee_id', db('employees').where('user_id', userId).select('id'));
    });
  }
  if (input.organization_id !== undefined) q.where('a.organization_id', input.organization_id);
  if (input.unit_id !== undefined) q.where('a.organization_unit_id', input.unit_id);
  if (input.employee_id !== undefined) q.where('e.employee_id', input.employee_id);
  if (input.from) q.where('a.date', '>=', input.from);
  if (input.to) q.where('a.date', '<=', input.to);
  if (after) {
    const [date, id] = after as [string, number];
    // `date >= ?` is implied by the OR below, but it is what lets MySQL and SQLite seek the
    // (organization_id, date, id) index to the cursor instead of scanning every earlier row.
    q.where('a.date', '>=', date);
    q.where((w) =>
      w.where('a.date', '>', date).orWhere((x) => x.where('a.date', date).where('a.id', '>', id)),
    );
  }
  const order = [
    { column: 'a.date', order: 'asc' },
    { column: 'a.id', order: 'asc' },
  ];
  const ids = q
    .orderBy(order)
    .limit(limit + 1)
    .as('page');
  const rows = await selectAttendance(db('attendance as a')).join(ids, 'page.id', 'a.id').orderBy(order);
  const page = rows.slice(0, limit).map(serializeAttendance);
  const last = page[page.length - 1];
  return {
    data: page,
    meta: { next_cursor: rows.length > limit && last ? encodeCursor([last.date, last.id]) : null, limit },
  };
}

/** The caller's own employee row in the organization of `column` (a plain employee's scope). */
function ownEmployeeIn(db: Knex, userId: number, column: string) {
  return db('employees as own')
    .where('own.user_id', userId)
    .whereRaw('own.organization_id = ??', [column])
    .select(db.raw('1'));
}
