// Workforce demo data, loaded through the import operation (so it is idempotent: a second
// `wfctl seed` adds nothing): two organizations with units, a user for every role, employees with
// deployments, shifts and leave requests, and last month's attendance; and a past financial year of
// ACME with every month locked, so `wfctl fy close ACME/FY2024` (its help's example) can close it.
// Every demo user's password is DEMO_PASSWORD (printed by `wfctl seed` and documented).
import { monthsBetween } from '../src/core/calendar.js';
import { runOperation } from '../src/core/operation.js';
import type { Services } from '../src/core/services.js';
import { addDays } from '../src/workforce/calendar.js';
import { workforceContext } from '../src/workforce/context.js';
import { systemActor } from '../src/workforce/identity/actor.js';
import { ORG_SCOPE } from '../src/workforce/attendance/locks.js';
import { lockMonth } from '../src/workforce/attendance/operations/lock-month.js';
import {
  importRecords,
  refreshStatisticsAfterImport,
} from '../src/workforce/import/operations/import-records.js';

export const name = 'workforce-demo';
export const description =
  'Two organizations (ACME, GLOBEX), units, one user per role (password demo-password-2026), employees, shifts, leaves, last month of attendance';

export const DEMO_PASSWORD = 'demo-password-2026';

const UNITS: Record<string, string[]> = { ACME: ['BLR', 'MUM', 'DEL'], GLOBEX: ['NYC', 'BOS'] };
const EMPLOYEES: Array<[string, string, string, string]> = [
  ['A1001', 'ACME', 'BLR', 'Kiran Rao'],
  ['A1002', 'ACME', 'BLR', 'Meera Iyer'],
  ['A1003', 'ACME', 'MUM', 'Arjun Shah'],
  ['A1004', 'ACME', 'MUM', 'Divya Nair'],
  ['A1005', 'ACME', 'DEL', 'Rahul Verma'],
  ['A1006', 'ACME', 'DEL', 'Sana Khan'],
  ['G2001', 'GLOBEX', 'NYC', 'John Carter'],
  ['G2002', 'GLOBEX', 'NYC', 'Maria Lopez'],
  ['G2003', 'GLOBEX', 'BOS', 'Wei Chen'],
  ['G2004', 'GLOBEX', 'BOS', 'Emma Brown'],
];

/** The demo document for the month before `today` (YYYY-MM-DD). */
export function demoDocument(today: string) {
  const firstOfThisMonth = `${today.slice(0, 7)}-01`;
  const lastMonthEnd = addDays(firstOfThisMonth, -1);
  const lastMonth = lastMonthEnd.slice(0, 7);
  const days = Number(lastMonthEnd.slice(8));
  const user = (email: string, userName: string, roles: string[], organizations: string[] = []) => ({
    email,
    name: userName,
    password: DEMO_PASSWORD,
    roles,
    organizations,
  });
  const attendance = EMPLOYEES.flatMap(([code], n) =>
    Array.from({ length: days }, (_, d) => {
      const date = `${lastMonth}-${String(d + 1).padStart(2, '0')}`;
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      if (weekday === 0 || weekday === 6) return { employee_id: code, date, status: 'weekly_off' };
      if ((d + n) % 11 === 0) return { employee_id: code, date, status: 'on_leave' };
      const late = (d + n) % 7 === 0;
      return {
        employee_id: code,
        date,
        status: 'present',
        check_in: late ? '04:20:00Z' : '03:30:00Z',
        check_out: '12:30:00Z',
        worked_minutes: late ? 490 : 540,
        flags: late ? ['LATE_CHECK_IN'] : [],
      };
    }),
  );
  const year = Number(today.slice(0, 4));
  const fyStart = today.slice(5) >= '04-01' ? year : year - 1;
  return {
    organizations: [
      { code: 'ACME', name: 'Acme Industries', timezone: 'Asia/Kolkata' },
      { code: 'GLOBEX', name: 'Globex Corporation', timezone: 'America/New_York' },
    ],
    units: Object.entries(UNITS).flatMap(([org, codes]) =>
      codes.map((code) => ({ organization: org, code, name: `${org} ${code}` })),
    ),
    users: [
      user('admin@wfctl.demo', 'Sam Admin', ['system_admin']),
      user('orgadmin@acme.demo', 'Ravi Menon', ['org_admin'], ['ACME']),
      user('hr@acme.demo', 'Asha HR', ['hr'], ['ACME']),
      user('manager@acme.demo', 'Vikram Manager', ['shift_manager'], ['ACME']),
      user('orgadmin@globex.demo', 'Olivia Owner', ['org_admin'], ['GLOBEX']),
      user('hr@globex.demo', 'Henry HR', ['hr'], ['GLOBEX']),
    ],
    employees: EMPLOYEES.map(([code, org, unit, employeeName]) => ({
      employee_id: code,
      organization: org,
      unit,
      name: employeeName,
      email: `${code.toLowerCase()}@${org.toLowerCase()}.demo`,
      password: DEMO_PASSWORD,
      starts_on: '2025-01-01',
    })),
    deployments: [{ employee_id: 'A1002', unit: 'MUM', starts_on: '2025-06-01', is_primary: false }],
    shifts: EMPLOYEES.slice(0, 4).flatMap(([code, , unit]) =>
      [1, 2, 3].map((d) => ({
        employee_id: code,
        unit,
        assigned_for: addDays(today, d),
        starts_at: '09:00',
        ends_at: '18:00',
      })),
    ),
    leave_types: ['ACME', 'GLOBEX'].flatMap((org) => [
      { organization: org, code: 'CL', name: 'Casual leave', annual_quota: 12, carry_forward_max: 0 },
      { organization: org, code: 'SL', name: 'Sick leave', annual_quota: 8, carry_forward_max: 4 },
    ]),
    leaves: [
      { employee_id: 'A1001', leave_type: 'CL', from: addDays(today, 10), to: addDays(today, 11) },
      {
        employee_id: 'A1003',
        leave_type: 'SL',
        from: addDays(today, 5),
        to: addDays(today, 5),
        state: 'shift_manager_approved',
      },
      { employee_id: 'G2001', leave_type: 'CL', from: addDays(today, 14), to: addDays(today, 18) },
    ],
    regularizations: [{ employee_id: 'A1002', date: `${lastMonth}-03`, reason: 'Forgot to check out' }],
    devices: [{ employee_id: 'A1001', fingerprint: 'demo-pixel-a1001', name: 'Pixel 8', status: 'approved' }],
    attendance,
    financial_years: [
      ...['ACME', 'GLOBEX'].map((org) => ({
        organization: org,
        name: `FY${fyStart}`,
        starts_on: `${fyStart}-04-01`,
        ends_on: `${fyStart + 1}-03-31`,
      })),
      { organization: 'ACME', ...pastFinancialYear(today) },
    ],
  };
}

/**
 * The year `fy close`'s example closes: FY2024 (April 2024 to March 2025; the demo's employees start
 * in January 2025), or the year before the current one when the clock says FY2024 is not over yet (a
 * test's clock). Not a later year: the documents' import examples write January 2026 attendance.
 */
export function pastFinancialYear(today: string): { name: string; starts_on: string; ends_on: string } {
  const year = Number(today.slice(0, 4));
  const currentStart = today.slice(5) >= '04-01' ? year : year - 1;
  const start = Math.min(2024, currentStart - 1);
  return { name: `FY${start}`, starts_on: `${start}-04-01`, ends_on: `${start + 1}-03-31` };
}

export async function seed(services: Services): Promise<Record<string, unknown>> {
  const today = services.clock.now().toISOString().slice(0, 10);
  const ctx = workforceContext(services, await systemActor(services.db));
  const result = await runOperation(importRecords, ctx, { document: demoDocument(today) });
  await refreshStatisticsAfterImport(services.db, result);
  // The past year's months, locked once (a second seed finds them locked and adds nothing).
  const past = pastFinancialYear(today);
  const acme = Number(result.ids.organizations.ACME);
  const locked = await services
    .db('attendance_locks')
    .where({ organization_id: acme, scope_key: ORG_SCOPE })
    .pluck('month');
  const all = monthsBetween(past.starts_on, past.ends_on);
  const months = all.filter((m) => !locked.includes(m));
  for (const month of months) await runOperation(lockMonth, ctx, { organization_id: acme, month });
  const locks = { created: months.length, existing: all.length - months.length, updated: 0 };
  return {
    password: DEMO_PASSWORD,
    users: Object.keys(result.ids.users),
    counts: { ...result.counts, attendance_locks: locks },
  };
}
