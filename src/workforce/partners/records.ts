// The contract's daily attendance record (push payload and pull result item), read from the
// attendance rows with keyset queries, so a month of 310,000 records is never held in memory:
// push reads one batch at a time, pull and exports walk pages through an async generator.
import type { Knex } from 'knex';
import { DateOnly, Enum, Int, List, Nullable, Obj, Str, type Shape } from '../../core/shape.js';
import { ATTENDANCE_STATUSES, type AttendanceStatus } from '../attendance/schemas.js';

/** Time of day in UTC, HH:MM:SSZ, as the contract writes check_in and check_out. */
const TimeOfDay = (example: string) =>
  Nullable(Str({ example, description: 'time of day HH:MM:SSZ (UTC); null when absent' }));

/** The contract's daily attendance record, in contract order. */
export const DailyAttendanceRecord = Obj({
  employee_id: Str({ example: 'E042', description: 'the employee code' }),
  organization_code: Str({ example: 'ACME' }),
  unit_code: Str({ example: 'BLR' }),
  date: DateOnly({ description: 'the day in the unit’s time zone' }),
  status: Enum(ATTENDANCE_STATUSES),
  check_in: TimeOfDay('09:02:11Z'),
  check_out: TimeOfDay('17:45:00Z'),
  worked_minutes: Int({ example: 523 }),
  // Strings, as the contract says: an import may carry flags of its own source (import/attendance-rows.ts).
  flags: List(
    Str({
      example: 'LATE_CHECK_IN',
      description:
        'derived: LATE_CHECK_IN, EARLY_CHECK_OUT, MISSING_CHECK_IN, MISSING_CHECK_OUT; REGULARIZED, ' +
        'CORRECTED_AFTER_LOCK; an imported day keeps the flags its source gave',
    }),
  ),
});
export type DailyRecord = Shape<typeof DailyAttendanceRecord>;

/** The record's fields in contract order: the CSV header and the JSON key order. */
export const RECORD_FIELDS = [
  'employee_id',
  'organization_code',
  'unit_code',
  'date',
  'status',
  'check_in',
  'check_out',
  'worked_minutes',
  'flags',
] as const;

interface RecordRow {
  id: number;
  employee_code: string;
  organization_code: string;
  unit_code: string;
  date: string;
  status: string;
  check_in: string | null;
  check_out: string | null;
  worked_minutes: number | string;
  flags: string | null;
}

/**
 * The record's columns of attendance rows (`a`), with the employee (`e`), organization (`o`) and
 * unit (`u`) whose codes it carries. The attendance resource (attendance/serialize.ts) reads these
 * and a few more.
 */
export function selectRecord(qb: Knex.QueryBuilder): Knex.QueryBuilder {
  return qb
    .join('employees as e', 'e.id', 'a.employee_id')
    .join('organizations as o', 'o.id', 'a.organization_id')
    .join('organization_units as u', 'u.id', 'a.organization_unit_id')
    .select(
      'a.id',
      'e.employee_id as employee_code',
      'o.code as organization_code',
      'u.code as unit_code',
      'a.date',
      'a.status',
      'a.check_in',
      'a.check_out',
      'a.worked_minutes',
      'a.flags',
    );
}

/**
 * The records of the attendance ids a subquery selects, in `order`. Only the record's fields are
 * selected: nothing else from our rows can leak into a payload. The ids come first, from an index
 * alone, then their records (a deferred join): asked for the joined rows directly, MariaDB drives
 * the join from organizations and reads far more rows than the page.
 */
function recordsOf(
  db: Knex,
  ids: Knex.QueryBuilder,
  order: Array<{ column: string }> = [{ column: 'a.id' }],
): Promise<RecordRow[]> {
  return selectRecord(db('attendance as a')).join(ids.as('page'), 'page.id', 'a.id').orderBy(order);
}

export function toRecord(row: RecordRow): DailyRecord {
  return {
    employee_id: row.employee_code,
    organization_code: row.organization_code,
    unit_code: row.unit_code,
    date: String(row.date).slice(0, 10),
    status: row.status as AttendanceStatus,
    check_in: row.check_in ?? null,
    check_out: row.check_out ?? null,
    worked_minutes: Number(row.worked_minutes),
    flags: parseFlags(row.flags),
  };
}

/** The flags column (a JSON array) as a list; empty when absent or unreadable. */
export function parseFlags(raw: unknown): string[] {
  if (typeof raw !== 'string' || raw === '') return [];
  try {
    const v = JSON.parse(raw);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

export interface KeyedRecord {
  attendanceId: number;
  record: DailyRecord;
}

const keyed = (rows: RecordRow[]): KeyedRecord[] =>
  rows.map((r) => ({ attendanceId: Number(r.id), record: toRecord(r) }));

/** Up to `limit` rows one lock stamped, after attendance id `afterId`, in id order. */
export async function lockRecordsAfter(
  db: Knex,
  lockId: number,
  afterId: number,
  limit: number,
): Promise<KeyedRecord[]> {
  // From the lock_id index alone (see recordsOf): joined directly, MariaDB reads the organization's
  // whole month and sorts it: ~50 ms per 1,000-record batch instead of a few.
  const ids = lockIds(db, lockId).andWhere('a.id', '>', afterId).orderBy('a.id').limit(limit);
  return keyed(await recordsOf(db, ids));
}

/** The rows of one ledger batch again (a redelivery sends exactly the same records). */
export async function lockRecordsBetween(
  db: Knex,
  lockId: number,
  firstId: number,
  lastId: number,
): Promise<KeyedRecord[]> {
  return keyed(await recordsOf(db, lockIds(db, lockId).andWhereBetween('a.id', [firstId, lastId])));
}

/** The ids of the rows one lock stamped. */
function lockIds(db: Knex, lockId: number): Knex.QueryBuilder {
  return db('attendance as a').select('a.id').where('a.lock_id', lockId);
}

export async function countLockRecordsAfter(db: Knex, lockId: number, afterId: number): Promise<number> {
  const row = await db('attendance')
    .where('lock_id', lockId)
    .andWhere('id', '>', afterId)
    .count<{ n: number | string }[]>({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

export interface MonthScope {
  organizationId: number;
  unitId?: number | null;
  month: string; // YYYY-MM
}

/** [first day, first day of the next month) as DATE strings. */
export function monthRange(month: string): [string, string] {
  const [y, m] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return [`${month}-01`, `${next}-01`];
}

function scopeQuery(db: Knex, scope: MonthScope, qb: Knex.QueryBuilder): Knex.QueryBuilder {
  const [from, to] = monthRange(scope.month);
  qb.where('a.organization_id', scope.organizationId)
    .andWhere('a.date', '>=', from)
    .andWhere('a.date', '<', to);
  if (scope.unitId) qb.andWhere('a.organization_unit_id', scope.unitId);
  return qb;
}

export async function countMonthRecords(db: Knex, scope: MonthScope): Promise<number> {
  const row = await scopeQuery(db, scope, db('attendance as a'))
    .count<{ n: number | string }[]>({ n: '*' })
    .first();
  return Number(row?.n ?? 0);
}

/**
 * Rows per page of a month read: about 1 MB of rows in memory at a time. 2,000 rather than 500
 * cut the round trips of a 279,000-row month by four and raised pull and export throughput by about
 * 10% in the quick benchmark (docs/benchmarks.md).
 */
export const MONTH_PAGE_SIZE = 2000;

/**
 * The month's records in (date, id) order, one keyset page at a time. Each page is its own short
 * query, so a slow reader never holds a connection (SQLite has only one) and a consumer that stops
 * pulling (backpressure) stops the reads. Pages, not records, are what is yielded: a consumer that
 * serialises a page at once pays one await per page instead of one per record.
 */
export async function* monthRecordPages(
  db: Knex,
  scope: MonthScope,
  pageSize = MONTH_PAGE_SIZE,
): AsyncGenerator<DailyRecord[]> {
  let after: { date: string; id: number } | null = null;
  const order = [{ column: 'a.date' }, { column: 'a.id' }];
  for (;;) {
    // The page's ids first, from the (organization_id, date, id) index alone, then their records.
    // Asked for the joined rows directly, MariaDB scans the organization's index entries from the
    // first one and reads every row before the page (docs/benchmarks.md, payroll pull).
    const ids = scopeQuery(db, scope, db('attendance as a')).select('a.id');
    if (after) {
      const a = after;
      // `date >= ?` is implied by the OR below, but it is what lets MySQL and SQLite seek the
      // index to the page instead of scanning every earlier row.
      ids.andWhere('a.date', '>=', a.date);
      ids.andWhere((w) =>
        w.where('a.date', '>', a.date).orWhere((x) => x.where('a.date', a.date).andWhere('a.id', '>', a.id)),
      );
    }
    const rows = await recordsOf(db, ids.orderBy(order).limit(pageSize), order);
    if (rows.length) yield rows.map(toRecord);
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1];
    after = { date: String(last.date).slice(0, 10), id: Number(last.id) };
  }
}
