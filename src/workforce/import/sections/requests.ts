// Leave and regularization requests and devices of employees. A leave is known by (employee,
// leave type, from, to), a regularization by (employee, date), a device by (employee, fingerprint).
// Imported requests carry one decision_trail entry of origin system saying they were imported.
import type { ImportDocument } from '../schema.js';
import { insertNew, type EmployeeRef, type ImportRun } from '../run.js';
import { rowsOf } from './schedule.js';
import { loadLeaveTypes } from './structure.js';

type Rows<K extends keyof ImportDocument> = NonNullable<ImportDocument[K]>;

async function employeesOf(run: ImportRun, section: string, rows: Array<{ employee_id: string }>) {
  await run.loadEmployees(rows.map((r) => r.employee_id));
  return rows.map((r, i): EmployeeRef | null => {
    const e = run.employees.get(r.employee_id);
    if (!e) run.fail(`${section}[${i}].employee_id`, `unknown employee ${r.employee_id}`);
    return e ?? null;
  });
}

function importedTrail(run: ImportRun, state: string): string {
  return JSON.stringify([
    {
      at: run.now.toISOString(),
      by: run.actorUserId,
      origin: 'system',
      action: 'imported',
      note: `imported as ${state}`,
    },
  ]);
}

export async function importLeaves(run: ImportRun, rows: Rows<'leaves'>): Promise<void> {
  const employees = await employeesOf(run, 'leaves', rows);
  await loadLeaveTypes(run, [...new Set(employees.filter((e) => e).map((e) => e!.orgCode))]);
  const known = await rowsOf(
    run,
    'leave_requests',
    employees.filter((e) => e).map((e) => e!.id),
    ['employee_id', 'leave_type_id', 'from_date', 'to_date'],
  );
  const keys = new Set(known.map((l) => `${l.employee_id}|${l.leave_type_id}|${l.from_date}|${l.to_date}`));
  await insertNew(run, 'leaves', 'leave_requests', keys, rows, (r, i) => {
    const e = employees[i];
    if (!e) return null;
    const typeId = run.leaveTypes.get(`${e.organizationId}/${r.leave_type}`);
    if (typeId === undefined) {
      run.fail(`leaves[${i}].leave_type`, `unknown leave type ${r.leave_type} in ${e.orgCode}`);
      return null;
    }
    return {
      key: `${e.id}|${typeId}|${r.from}|${r.to}`,
      row: () => ({
        employee_id: e.id,
        leave_type_id: typeId,
        from_date: r.from,
        to_date: r.to,
        state: r.state,
        decision_trail: importedTrail(run, r.state),
        created_at: run.at,
        updated_at: run.at,
      }),
    };
  });
}

export async function importRegularizations(run: ImportRun, rows: Rows<'regularizations'>): Promise<void> {
  const employees = await employeesOf(run, 'regularizations', rows);
  const known = await rowsOf(
    run,
    'regularization_requests',
    employees.filter((e) => e).map((e) => e!.id),
    ['employee_id', 'from_date'],
  );
  const keys = new Set(known.map((r) => `${r.employee_id}|${r.from_date}`));
  await insertNew(run, 'regularizations', 'regularization_requests', keys, rows, (r, i) => {
    const e = employees[i];
    if (!e) return null;
    return {
      key: `${e.id}|${r.date}`,
      row: () => ({
        employee_id: e.id,
        from_date: r.date,
        to_date: r.date,
        reason: r.reason,
        state: r.state,
        decision_trail: importedTrail(run, r.state),
        created_at: run.at,
        updated_at: run.at,
      }),
    };
  });
}

export async function importDevices(run: ImportRun, rows: Rows<'devices'>): Promise<void> {
  const employees = await employeesOf(run, 'devices', rows);
  const known = await rowsOf(
    run,
    'devices',
    employees.filter((e) => e).map((e) => e!.id),
    ['employee_id', 'fingerprint'],
  );
  const keys = new Set(known.map((d) => `${d.employee_id}|${d.fingerprint}`));
  await insertNew(run, 'devices', 'devices', keys, rows, (r, i) => {
    const e = employees[i];
    if (!e) return null;
    return {
      key: `${e.id}|${r.fingerprint}`,
      row: () => ({
        employee_id: e.id,
        fingerprint: r.fingerprint,
        name: r.name ?? null,
        status: r.status,
        approved_at: r.status === 'approved' ? run.at : null,
        revoked_at: r.status === 'revoked' ? run.at : null,
        created_at: run.at,
        updated_at: run.at,
      }),
    };
  });
}
