// `wfctl import FILE`: one document, one transaction, many multi-row inserts. Killed anywhere, every
// row of the document is there or none is; the same document imported again completes.
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crashTests } from './harness.js';
import { counts, daysOfMonth, employeeCode } from './world.js';

const CODE = 'IMP';
const UNITS = ['U01', 'U02', 'U03', 'U04'];
const EMPLOYEES = 400;
const DAYS = daysOfMonth('2026-01');
const TABLES = ['organizations', 'organization_units', 'employees', 'employee_deployments', 'attendance'];

function document() {
  const employees = Array.from({ length: EMPLOYEES }, (_, i) => ({
    employee_id: employeeCode(CODE, i + 1),
    organization: CODE,
    unit: UNITS[i % UNITS.length],
    name: `Employee ${i + 1}`,
    starts_on: '2025-01-01',
  }));
  return {
    organizations: [{ code: CODE, name: 'Crash Import', timezone: 'Asia/Kolkata' }],
    units: UNITS.map((code) => ({ organization: CODE, code, name: `Unit ${code}` })),
    employees,
    attendance: employees.flatMap((e) =>
      DAYS.map((date) => ({ employee_id: e.employee_id, date, status: 'present', worked_minutes: 480 })),
    ),
  };
}

crashTests({
  name: 'import',
  async prepare() {
    const file = join(tmpdir(), `wfctl-crash-import-${process.pid}-${Date.now()}.json`);
    writeFileSync(file, JSON.stringify(document()));
    return {
      args: ['import', file, '--json'],
      cleanup: () => rmSync(file, { force: true }),
      fingerprint: async (q) => counts(q, [...TABLES, 'audit_entries']),
      done: (before) => ({
        organizations: before.organizations + 1,
        organization_units: before.organization_units + UNITS.length,
        employees: before.employees + EMPLOYEES,
        employee_deployments: before.employee_deployments + EMPLOYEES,
        attendance: before.attendance + EMPLOYEES * DAYS.length,
        audit_entries: before.audit_entries + 1,
      }),
      // A half-done insert holds locks on the keys it wrote; a fresh transaction takes them at once.
      probes: [
        (q) => q('organizations').where('code', CODE),
        (q) => q('employees').whereIn('employee_id', [employeeCode(CODE, 1), employeeCode(CODE, EMPLOYEES)]),
      ],
      moments: [
        {
          // MySQL writes new attendance rows with one LOAD DATA (src/db/bulk-load.ts), SQLite inserts.
          label: 'first attendance write running',
          nth: 1,
          match: '^(insert into [`"]attendance[`"]|load data local infile)',
          phase: 'sent',
        },
      ],
    };
  },
});
