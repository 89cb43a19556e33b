// Attendance fixtures: rows written straight to the table (import is another engineer's), and a
// small world of two organizations with units, employees and users of each role.
import type { Knex } from 'knex';
import type { Services } from '../../../src/core/services.js';
import { createEmployee, createOrg, createUnit, createUser, tokenFor } from '../../helpers/workforce.js';

const NOW = '2026-01-01 00:00:00.000';

export interface AttendanceRowInput {
  employeeId: number;
  organizationId: number;
  unitId: number;
  date: string;
  status?: string;
}

/** Inserts attendance rows in batches; returns their ids in input order. */
export async function createAttendance(db: Knex, rows: AttendanceRowInput[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const batch = rows.slice(i, i + 200).map((r) => ({
      employee_id: r.employeeId,
      organization_id: r.organizationId,
      organization_unit_id: r.unitId,
      date: r.date,
      status: r.status ?? 'present',
      check_in: '03:30:00Z',
      check_out: '12:00:00Z',
      worked_minutes: 510,
      flags: '[]',
      created_at: NOW,
      updated_at: NOW,
    }));
    await db('attendance').insert(batch);
  }
  const found = await db('attendance').select('id', 'employee_id', 'date');
  const byKey = new Map(found.map((f) => [`${f.employee_id}@${f.date}`, Number(f.id)]));
  for (const r of rows) ids.push(byKey.get(`${r.employeeId}@${r.date}`)!);
  return ids;
}

/** Every date of a month, YYYY-MM-DD. */
export function daysOf(month: string): string[] {
  const [y, m] = month.split('-').map(Number);
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: days }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

export interface OrgWorld {
  org: { id: number; code: string };
  units: Array<{ id: number; code: string }>;
  employees: Array<{ id: number; code: string; unitId: number }>;
  tokens: { orgAdmin: string; hr: string; employee: string };
  users: { orgAdmin: number; hr: number; employee: number };
}

/** An organization with two units, an employee in each, and org_admin/hr users. */
export async function orgWorld(services: Services, opts: { timezone?: string } = {}): Promise<OrgWorld> {
  const { db } = services;
  const org = await createOrg(db, { timezone: opts.timezone ?? 'UTC' });
  const units = [
    await createUnit(db, org.id, { timezone: opts.timezone ?? 'UTC' }),
    await createUnit(db, org.id, { timezone: opts.timezone ?? 'UTC' }),
  ];
  const staff = await createUser(db);
  const employees = [
    {
      ...(await createEmployee(db, { organizationId: org.id, unitId: units[0].id, userId: staff.id })),
      unitId: units[0].id,
    },
    { ...(await createEmployee(db, { organizationId: org.id, unitId: units[1].id })), unitId: units[1].id },
  ];
  const orgAdmin = await createUser(db, { grants: [{ role: 'org_admin', organizationId: org.id }] });
  const hr = await createUser(db, { grants: [{ role: 'hr', organizationId: org.id }] });
  return {
    org,
    units,
    employees,
    users: { orgAdmin: orgAdmin.id, hr: hr.id, employee: staff.id },
    tokens: {
      orgAdmin: await tokenFor(services, orgAdmin.id),
      hr: await tokenFor(services, hr.id),
      employee: await tokenFor(services, staff.id),
    },
  };
}

/** Rows for every employee of the world on every day of the month. */
export async function fillMonth(db: Knex, world: OrgWorld, month: string): Promise<number[]> {
  const rows: AttendanceRowInput[] = [];
  for (const e of world.employees)
    for (const date of daysOf(month))
      rows.push({ employeeId: e.id, organizationId: world.org.id, unitId: e.unitId, date });
  return createAttendance(db, rows);
}

export async function lockedCount(db: Knex, where: Record<string, unknown>): Promise<number> {
  const r = await db('attendance').where(where).whereNotNull('locked_at').count({ n: '*' }).first();
  return Number(r?.n ?? 0);
}
