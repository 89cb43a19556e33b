// attendance.list (GET /attendances): keyset pagination over (date, id), so any page costs what
// the first costs. Scoped to the organizations where the caller holds a staff role (the
// records.view scopes) plus the caller's own employee rows: a plain employee sees only theirs; an
// organization filter outside that scope is a 404.
import type { Knex } from 'knex';
import { decodeCursor, encodeCursor } from '../../../core/cursor.js';
import { NotFoundError, ValidationError } from '../../../core/errors.js';
import { defineRead } from '../../../core/operation.js';
import { orderedUnion, type OrderTerm } from '../../../db/ordered-union.js';
import { actingUser, type WorkforceRun } from '../../context.js';
import type { Page } from '../../listing.js';
import { listSchema, type ListAttendancesInput } from '../schemas.js';
import { selectAttendance, serializeAttendance, type AttendanceRecord } from '../serialize.js';

export type AttendancePage = Page<AttendanceRecord>;

export const listAttendances = defineRead('attendance.list', 'records.view', {
  summary: 'Daily attendance records, keyset-paginated by (date, id)',
  input: listSchema,
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
  let unit: { id: number; organization_id: number } | undefined;
  if (input.unit_id !== undefined) {
    unit = await db('organization_units as u')
      .where('u.id', input.unit_id)
      .where((w) => {
        if (visible === null) return;
        if (visible.length) w.whereIn('u.organization_id', visible);
        w.orWhereExists(ownEmployeeIn(db, userId, 'u.organization_id'));
      })
      .first('u.id', 'u.organization_id');
    if (!unit && visible !== null) throw new NotFoundError('Unit not found.');
  }
  let employee: { id: number; organization_id: number; user_id: number | null } | undefined;
  if (input.employee_id !== undefined) {
    employee = await db('employees as e')
      .where('e.employee_id', input.employee_id)
      .where((w) => {
        if (visible === null) return;
        if (visible.length) w.whereIn('e.organization_id', visible);
        w.orWhere('e.user_id', userId);
      })
      .first('e.id', 'e.organization_id', 'e.user_id');
    if (!employee && visible !== null) throw new NotFoundError('Employee not found.');
    if (!employee) return { data: [], meta: { next_cursor: null, limit } };
  }

  // The scope as index ranges: one per organization the caller sees in full (or every row, for a
  // system admin), one per own employee row outside those. Each range is read in (date, id) order
  // from its own index, (organization_id, date, id) or (employee_id, date, id), and a caller with
  // several ranges gets their union (src/db/ordered-union.ts): `organization_id IN (…)` with an OR
  // of the own rows, ordered by date, was a scan of the whole table and a sort on MariaDB.
  const ranges = await scopeRanges(ctx, input, visible, unit, employee);
  const keys: OrderTerm[] = [
    { column: 'date', order: 'asc' },
    { column: 'id', order: 'asc' },
  ];
  const branches = ranges.map((range) => {
    const q = db('attendance as a').select('a.id', 'a.date');
    if (range.organizationId !== undefined) q.where('a.organization_id', range.organizationId);
    if (range.employeeId !== undefined) q.where('a.employee_id', range.employeeId);
    if (input.organization_id !== undefined) q.where('a.organization_id', input.organization_id);
    if (input.unit_id !== undefined) q.where('a.organization_unit_id', input.unit_id);
    if (employee) q.where('a.employee_id', employee.id);
    if (input.from) q.where('a.date', '>=', input.from);
    if (input.to) q.where('a.date', '<=', input.to);
    if (after) {
      const [date, id] = after as [string, number];
      // `date >= ?` is implied by the OR below, but it is what lets MySQL and SQLite seek the
      // index to the cursor instead of scanning every earlier row.
      q.where('a.date', '>=', date);
      q.where((w) =>
        w.where('a.date', '>', date).orWhere((x) => x.where('a.date', date).where('a.id', '>', id)),
      );
    }
    // One employee has one row a day (unique (employee_id, date)): date alone is their order.
    const order: OrderTerm[] = range.employeeId !== undefined ? [{ column: 'date', order: 'asc' }] : keys;
    return { query: q, order };
  });
  if (!branches.length) return { data: [], meta: { next_cursor: null, limit } };

  // The page's ids first, then their records (a deferred join, as the payroll pull's pages). Asked
  // for the joined rows directly, MariaDB 10.11 scans the organization's index entries from the
  // first one up to the cursor (a deep page cost 2-8x page 1); the id-only query is a range seek.
  const ids =
    branches.length === 1
      ? branches[0].query
          .orderBy(branches[0].order.map((k) => ({ order: k.order, column: `a.${k.column}` })))
          .limit(limit + 1)
      : orderedUnion(db, branches, keys, limit + 1);
  const order = [
    { column: 'a.date', order: 'asc' },
    { column: 'a.id', order: 'asc' },
  ];
  const rows = await selectAttendance(db('attendance as a'))
    .join(ids.as('page'), 'page.id', 'a.id')
    .orderBy(order);
  const page = rows.slice(0, limit).map(serializeAttendance);
  const last = page[page.length - 1];
  return {
    data: page,
    meta: { next_cursor: rows.length > limit && last ? encodeCursor([last.date, last.id]) : null, limit },
  };
}

interface ScopeRange {
  organizationId?: number;
  employeeId?: number;
}

/**
 * The index ranges of what the caller may list under the filters: `{}` is every row (a system
 * admin without filters), `{organizationId}` an organization seen in full, `{employeeId}` one of the
 * caller's own employee rows. A filter narrows the ranges to those it can match, so no range is
 * read only to find nothing.
 */
async function scopeRanges(
  ctx: WorkforceRun,
  input: ListAttendancesInput,
  visible: number[] | null,
  unit: { organization_id: number } | undefined,
  employee: { id: number; organization_id: number; user_id: number | null } | undefined,
): Promise<ScopeRange[]> {
  // One employee named: their rows are the range (visibility was checked above).
  if (employee) {
    const own = employee.user_id !== null && Number(employee.user_id) === actingUser(ctx).userId;
    // Another's rows are visible where the caller is staff: the employee's organization (found above).
    if (visible === null || own) return [{ employeeId: employee.id }];
    return [{ employeeId: employee.id, organizationId: Number(employee.organization_id) }];
  }
  const only = input.organization_id ?? (unit ? Number(unit.organization_id) : undefined);
  if (visible === null)
    return [only === undefined || input.unit_id !== undefined ? {} : { organizationId: only }];
  const orgs = visible.filter((id) => only === undefined || id === only);
  const ranges: ScopeRange[] = orgs.map((id) => ({ organizationId: id }));
  const own = await ctx
    .db('employees')
    .where('user_id', actingUser(ctx).userId)
    .modify((q) => {
      if (only !== undefined) q.where('organization_id', only);
      if (orgs.length) q.whereNotIn('organization_id', orgs);
    })
    .orderBy('id')
    .select('id');
  return [...ranges, ...own.map((e: { id: number }) => ({ employeeId: Number(e.id) }))];
}

/** The caller's own employee row in the organization of `column` (a plain employee's scope). */
function ownEmployeeIn(db: Knex, userId: number, column: string) {
  return db('employees as own')
    .where('own.user_id', userId)
    .whereRaw('own.organization_id = ??', [column])
    .select(db.raw('1'));
}
