// A workforce big enough that the long operations take a measurable while, written set-based: the
// organization, units and employees in a few multi-row inserts, then attendance and future shifts
// as INSERT … SELECT over a small table of days (one statement each, however many rows).
import type { Knex } from 'knex';

const NOW = '2026-01-01 00:00:00.000';
const CHUNK = 400;

export interface WorldOptions {
  /** Organization code. */
  code: string;
  units: number;
  employees: number;
  /** A pay month, YYYY-MM, whose every day gets one attendance row per employee. */
  month?: string;
  /** Planned shifts per employee on consecutive days from this date. */
  futureShifts?: { from: string; days: number };
}

export interface World {
  organizationId: number;
  code: string;
  unitIds: number[];
  unitCodes: string[];
  employeeIds: number[];
  employeeCodes: string[];
}

export const employeeCode = (org: string, n: number) => `${org}-E${String(n).padStart(5, '0')}`;

export async function buildWorld(db: Knex, opts: WorldOptions): Promise<World> {
  const [orgId] = await db('organizations').insert({
    code: opts.code,
    name: `Crash ${opts.code}`,
    timezone: 'Asia/Kolkata',
    require_device_for_punches: false,
    status: 'active',
    is_active: true,
    created_at: NOW,
    updated_at: NOW,
  });
  const organizationId = Number(orgId);
  const unitCodes = Array.from({ length: opts.units }, (_, i) => `U${String(i + 1).padStart(2, '0')}`);
  await db('organization_units').insert(
    unitCodes.map((code) => ({
      organization_id: organizationId,
      code,
      name: `Unit ${code}`,
      timezone: 'Asia/Kolkata',
      status: 'active',
      is_active: true,
      created_at: NOW,
      updated_at: NOW,
    })),
  );
  const unitIds = (
    await db('organization_units').where('organization_id', organizationId).orderBy('id').select('id')
  ).map((r: { id: number }) => Number(r.id));

  const employeeCodes = Array.from({ length: opts.employees }, (_, i) => employeeCode(opts.code, i + 1));
  for (let i = 0; i < employeeCodes.length; i += CHUNK) {
    await db('employees').insert(
      employeeCodes.slice(i, i + CHUNK).map((code) => ({
        employee_id: code,
        organization_id: organizationId,
        name: `Employee ${code}`,
        email: `${code.toLowerCase()}@crash.test`,
        is_active: true,
        created_at: NOW,
        updated_at: NOW,
      })),
    );
  }
  const employeeIds = (
    await db('employees').where('organization_id', organizationId).orderBy('id').select('id')
  ).map((r: { id: number }) => Number(r.id));
  for (let i = 0; i < employeeIds.length; i += CHUNK) {
    await db('employee_deployments').insert(
      employeeIds.slice(i, i + CHUNK).map((id, j) => ({
        employee_id: id,
        organization_unit_id: unitIds[(i + j) % unitIds.length],
        starts_on: '2025-01-01',
        ends_on: null,
        is_primary: true,
        created_at: NOW,
        updated_at: NOW,
      })),
    );
  }

  const deployed = () =>
    db('employee_deployments as d')
      .join('employees as e', 'e.id', 'd.employee_id')
      .where('e.organization_id', organizationId);
  if (opts.month) {
    await withDays(db, daysOfMonth(opts.month), async (days) => {
      await db
        .into(
          db.raw('?? (??, ??, ??, ??, ??, ??, ??, ??, ??)', [
            'attendance',
            'employee_id',
            'organization_id',
            'organization_unit_id',
            'date',
            'status',
            'worked_minutes',
            'flags',
            'created_at',
            'updated_at',
          ]),
        )
        .insert(
          deployed()
            .crossJoin(db.raw('?? as ??', [days, 'days']))
            .select(
              'd.employee_id',
              db.raw('?', [organizationId]),
              'd.organization_unit_id',
              'days.day',
              db.raw("'present'"),
              db.raw('480'),
              db.raw("'[]'"),
              db.raw('?', [NOW]),
              db.raw('?', [NOW]),
            ),
        );
    });
  }
  if (opts.futureShifts) {
    await withDays(db, consecutiveDays(opts.futureShifts.from, opts.futureShifts.days), async (days) => {
      await db
        .into(
          db.raw('?? (??, ??, ??, ??, ??, ??, ??, ??)', [
            'shift_assignments',
            'employee_id',
            'organization_unit_id',
            'assigned_for',
            'starts_at',
            'ends_at',
            'state',
            'created_at',
            'updated_at',
          ]),
        )
        .insert(
          deployed()
            .crossJoin(db.raw('?? as ??', [days, 'days']))
            .select(
              'd.employee_id',
              'd.organization_unit_id',
              'days.day',
              db.raw("'09:00:00'"),
              db.raw("'17:00:00'"),
              db.raw("'planned'"),
              db.raw('?', [NOW]),
              db.raw('?', [NOW]),
            ),
        );
    });
  }
  return { organizationId, code: opts.code, unitIds, unitCodes, employeeIds, employeeCodes };
}

/** A scratch table of dates for the cross joins, dropped afterwards. */
async function withDays(db: Knex, days: string[], body: (table: string) => Promise<void>): Promise<void> {
  const table = 'crash_days';
  await db.schema.dropTableIfExists(table);
  await db.schema.createTable(table, (t) => t.string('day', 10).notNullable());
  try {
    // In chunks: SQLite's multi-row insert is a compound SELECT, at most 500 terms.
    for (let i = 0; i < days.length; i += CHUNK)
      await db(table).insert(days.slice(i, i + CHUNK).map((day) => ({ day })));
    await body(table);
  } finally {
    await db.schema.dropTableIfExists(table);
  }
}

export function daysOfMonth(month: string): string[] {
  const [y, m] = month.split('-').map(Number);
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return consecutiveDays(`${month}-01`, count);
}

export function consecutiveDays(from: string, count: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

/** Row counts of the tables, in a stable order: the coarse half of every case's fingerprint. */
export async function counts(db: Knex, tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await db(table).count({ n: '*' });
    out[table] = Number(row.n);
  }
  return out;
}
