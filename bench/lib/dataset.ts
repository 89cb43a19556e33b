// The synthetic organization set, as `wfctl import` documents (the format of docs/workforce-records.md).
// Two organizations: ACME holds 90% of the employees and 36 of the 40 units, GLOBEX the rest, so
// one run has a large (279k rows at 10,000 employees) and a small (31k rows) month to compare, and
// the whole month is the 310,000 rows the issue names. Everything comes from the seeded PRNG: the
// same options give byte-identical documents.
import { createPrng, type Prng } from './prng.js';

export interface DatasetOptions {
  employees: number;
  seed: number;
  /** The pay month of the attendance, YYYY-MM (31 days by default: 2026-10). */
  month: string;
  /** Employees whose offboarding is measured: each gets 1,000 future shifts and 100 pending leaves. */
  offboardCandidates: number;
}

export const BENCH_PASSWORD = 'bench-password-1';
export const ORGS = [
  { code: 'ACME', name: 'Acme Bench Corp', timezone: 'Asia/Kolkata', units: 36, share: 0.9 },
  { code: 'GLOBEX', name: 'Globex Bench Ltd', timezone: 'Europe/Berlin', units: 4, share: 0.1 },
] as const;
export const adminEmail = (org: string) => `admin@${org.toLowerCase()}.bench`;
export const hrEmail = (org: string) => `hr@${org.toLowerCase()}.bench`;
export const employeeCode = (n: number) => `E${String(n).padStart(6, '0')}`;
/** Future shifts of the offboard candidates start here, so they stay in the future for years. */
export const FAR_FUTURE = '2031-01-01';

export interface Employee {
  employee_id: string;
  organization: string;
  unit: string;
  name: string;
  email: string;
  starts_on: string;
  password?: string;
}

export interface AttendanceItem {
  employee_id: string;
  date: string;
  status: string;
  check_in?: string;
  check_out?: string;
  worked_minutes?: number;
  flags?: string[];
}

export interface Dataset {
  /** Everything but attendance: organizations, units, users, leave types, employees, shifts, leaves. */
  structure: Record<string, unknown[]>;
  /** The month of attendance alone (the import that is measured). */
  attendance: { attendance: AttendanceItem[] };
  employees: Employee[];
  offboardCandidates: string[];
  counts: Record<string, number>;
}

export function buildDataset(opts: DatasetOptions): Dataset {
  const rnd = createPrng(opts.seed);
  const organizations = ORGS.map(({ code, name, timezone }) => ({ code, name, timezone }));
  const units = ORGS.flatMap((o) =>
    Array.from({ length: o.units }, (_, i) => ({
      organization: o.code,
      code: `U${String(i + 1).padStart(2, '0')}`,
      name: `${o.name} unit ${i + 1}`,
      timezone: o.timezone,
    })),
  );
  const users = ORGS.flatMap((o) => [
    {
      email: adminEmail(o.code),
      name: `${o.code} admin`,
      password: BENCH_PASSWORD,
      roles: ['org_admin'],
      organizations: [o.code],
    },
    {
      email: hrEmail(o.code),
      name: `${o.code} hr`,
      password: BENCH_PASSWORD,
      roles: ['hr'],
      organizations: [o.code],
    },
  ]);
  const leaveTypes = ORGS.flatMap((o) => [
    { organization: o.code, code: 'CL', name: 'Casual leave', annual_quota: 12, carry_forward_max: 0 },
    { organization: o.code, code: 'SL', name: 'Sick leave', annual_quota: 10, carry_forward_max: 0 },
    { organization: o.code, code: 'EL', name: 'Earned leave', annual_quota: 18, carry_forward_max: 30 },
  ]);

  const employees: Employee[] = [];
  const acme = Math.round(opts.employees * ORGS[0].share);
  for (let n = 1; n <= opts.employees; n++) {
    const org = n <= acme ? ORGS[0] : ORGS[1];
    const code = employeeCode(n);
    employees.push({
      employee_id: code,
      organization: org.code,
      unit: `U${String(rnd.int(1, org.units)).padStart(2, '0')}`,
      name: `Employee ${n}`,
      email: `${code.toLowerCase()}@${org.code.toLowerCase()}.bench`,
      starts_on: '2025-01-01',
    });
  }
  // The last ACME employees are offboarded by the benchmark; they get an account (tokens to delete).
  const candidates = employees.slice(Math.max(0, acme - opts.offboardCandidates), acme);
  for (const e of candidates) e.password = BENCH_PASSWORD;

  const days = daysOf(opts.month);
  const weekAfter = daysOf(nextMonth(opts.month)).slice(0, 7);
  const shifts: unknown[] = [];
  const leaves: unknown[] = [];
  const onLeave = new Map<string, Set<string>>();
  for (const e of employees) {
    for (const day of weekAfter) {
      if (!isWeekend(day)) shifts.push({ employee_id: e.employee_id, unit: e.unit, assigned_for: day });
    }
    // One employee in ten took two to four days off in the month, approved.
    if (rnd.chance(0.1)) {
      const start = rnd.int(0, days.length - 5);
      const span = rnd.int(2, 4);
      const taken = days.slice(start, start + span);
      leaves.push({
        employee_id: e.employee_id,
        leave_type: rnd.pick(['CL', 'SL', 'EL']),
        from: taken[0],
        to: taken[taken.length - 1],
        state: 'approved',
      });
      onLeave.set(e.employee_id, new Set(taken));
    }
  }
  for (const e of candidates) {
    const future = consecutiveDays(FAR_FUTURE, 1000);
    for (const day of future) shifts.push({ employee_id: e.employee_id, unit: e.unit, assigned_for: day });
    for (let i = 0; i < 100; i++) {
      const day = future[i * 7];
      leaves.push({ employee_id: e.employee_id, leave_type: 'CL', from: day, to: day, state: 'pending' });
    }
  }

  const attendance: AttendanceItem[] = [];
  for (const e of employees) {
    const away = onLeave.get(e.employee_id);
    for (const day of days) attendance.push(dayOf(rnd, e.employee_id, day, away?.has(day) ?? false));
  }

  return {
    structure: {
      organizations,
      units,
      users,
      leave_types: leaveTypes,
      employees,
      shifts,
      leaves,
    },
    attendance: { attendance },
    employees,
    offboardCandidates: candidates.map((e) => e.employee_id),
    counts: {
      organizations: organizations.length,
      units: units.length,
      users: users.length,
      employees: employees.length,
      shifts: shifts.length,
      leaves: leaves.length,
      attendance: attendance.length,
    },
  };
}

/** One day of one employee: weekly off, leave, absence, half day or a present day with derived flags. */
function dayOf(rnd: Prng, employee: string, date: string, onLeave: boolean): AttendanceItem {
  if (isWeekend(date)) return { employee_id: employee, date, status: 'weekly_off', worked_minutes: 0 };
  if (onLeave) return { employee_id: employee, date, status: 'on_leave', worked_minutes: 0 };
  const roll = rnd.next();
  if (roll < 0.03) return { employee_id: employee, date, status: 'absent', worked_minutes: 0 };
  const inMinute = 3 * 60 + rnd.int(0, 75); // 03:00Z–04:15Z, i.e. 08:30–09:45 in Kolkata
  const flags: string[] = inMinute > 3 * 60 + 45 ? ['LATE_CHECK_IN'] : [];
  if (roll < 0.04) {
    flags.push('MISSING_CHECK_OUT');
    return {
      employee_id: employee,
      date,
      status: 'present',
      check_in: clock(inMinute),
      worked_minutes: 0,
      flags,
    };
  }
  const half = roll < 0.09;
  const worked = half ? rnd.int(200, 260) : rnd.int(470, 560);
  if (!half && worked < 480) flags.push('EARLY_CHECK_OUT');
  return {
    employee_id: employee,
    date,
    status: half ? 'half_day' : 'present',
    check_in: clock(inMinute),
    check_out: clock(inMinute + worked),
    worked_minutes: worked,
    flags,
  };
}

const clock = (minute: number) =>
  `${String(Math.floor(minute / 60) % 24).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00Z`;

export function daysOf(month: string): string[] {
  const [y, m] = month.split('-').map(Number);
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

function consecutiveDays(first: string, count: number): string[] {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

function isWeekend(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 || day === 6;
}
