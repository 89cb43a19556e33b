// Deployments and shift assignments. A deployment is known by (employee, unit, starts_on), a shift
// by (employee, unit, assigned_for, starts_at). An imported primary deployment must not overlap
// another primary of the employee: the import refuses rather than guessing which one to demote.
import { chunks } from '../../context.js';
import type { ImportDocument } from '../schema.js';
import { insertNew, type EmployeeRef, type ImportRun, type UnitRef } from '../run.js';

type Rows<K extends keyof ImportDocument> = NonNullable<ImportDocument[K]>;

interface Located {
  employee: EmployeeRef;
  unit: UnitRef;
}

/** Resolves each row's employee and unit (within the employee's organization), failing by path. */
async function locate(
  run: ImportRun,
  section: string,
  rows: Array<{ employee_id: string; unit: string }>,
): Promise<Array<Located | null>> {
  await run.loadEmployees(rows.map((r) => r.employee_id));
  const keyOf = (r: { employee_id: string; unit: string }) => {
    const e = run.employees.get(r.employee_id);
    return e ? run.unitKey(r.unit, e.orgCode) : null;
  };
  await run.loadUnits(rows.map(keyOf).filter((k): k is string => k !== null));
  return rows.map((r, i) => {
    const employee = run.employees.get(r.employee_id);
    if (!employee) {
      run.fail(`${section}[${i}].employee_id`, `unknown employee ${r.employee_id}`);
      return null;
    }
    const key = keyOf(r)!;
    const unit = run.units.get(key);
    if (!unit || unit.organizationId !== employee.organizationId) {
      run.fail(`${section}[${i}].unit`, `unknown unit ${key} in ${employee.orgCode}`);
      return null;
    }
    return { employee, unit };
  });
}

async function rowsOf(run: ImportRun, table: string, employeeIds: number[], columns: string[]) {
  const out: any[] = [];
  for (const part of chunks([...new Set(employeeIds)])) {
    out.push(...(await run.trx(table).whereIn('employee_id', part).select(columns)));
  }
  return out;
}

export async function importDeployments(run: ImportRun, rows: Rows<'deployments'>): Promise<void> {
  const located = await locate(run, 'deployments', rows);
  const ids = located.filter((l): l is Located => l !== null).map((l) => l.employee.id);
  const known = await rowsOf(run, 'employee_deployments', ids, [
    'employee_id',
    'organization_unit_id',
    'starts_on',
    'ends_on',
    'is_primary',
  ]);
  const keys = new Set(known.map((d) => `${d.employee_id}|${d.organization_unit_id}|${d.starts_on}`));
  const primaries = known.filter((d) => Number(d.is_primary) === 1 || d.is_primary === true);
  await insertNew(run, 'deployments', 'employee_deployments', keys, rows, (r, i) => {
    const l = located[i];
    if (!l) return null;
    const endsOn = r.ends_on ?? null;
    return {
      key: `${l.employee.id}|${l.unit.id}|${r.starts_on}`,
      row: () => {
        if (r.is_primary) {
          const clash = primaries.find(
            (p) =>
              Number(p.employee_id) === l.employee.id &&
              (p.ends_on === null || p.ends_on >= r.starts_on) &&
              (endsOn === null || p.starts_on <= endsOn),
          );
          if (clash) {
            run.fail(
              `deployments[${i}].is_primary`,
              `overlaps the primary deployment of ${r.employee_id} from ${clash.starts_on}` +
                (clash.ends_on ? ` to ${clash.ends_on}` : ''),
            );
            return null;
          }
          primaries.push({ employee_id: l.employee.id, starts_on: r.starts_on, ends_on: endsOn });
        }
        return {
          employee_id: l.employee.id,
          organization_unit_id: l.unit.id,
          starts_on: r.starts_on,
          ends_on: endsOn,
          is_primary: r.is_primary,
          created_at: run.at,
          updated_at: run.at,
        };
      },
    };
  });
}

const seconds = (t: string | null | undefined) => (t ? (t.length === 5 ? `${t}:00` : t) : null);

export async function importShifts(run: ImportRun, rows: Rows<'shifts'>): Promise<void> {
  const located = await locate(run, 'shifts', rows);
  const ids = located.filter((l): l is Located => l !== null).map((l) => l.employee.id);
  const known = await rowsOf(run, 'shift_assignments', ids, [
    'employee_id',
    'organization_unit_id',
    'assigned_for',
    'starts_at',
  ]);
  const keys = new Set(
    known.map((s) => `${s.employee_id}|${s.organization_unit_id}|${s.assigned_for}|${s.starts_at}`),
  );
  await insertNew(run, 'shifts', 'shift_assignments', keys, rows, (r, i) => {
    const l = located[i];
    if (!l) return null;
    const startsAt = seconds(r.starts_at);
    return {
      key: `${l.employee.id}|${l.unit.id}|${r.assigned_for}|${startsAt}`,
      row: () => ({
        employee_id: l.employee.id,
        organization_unit_id: l.unit.id,
        assigned_for: r.assigned_for,
        starts_at: startsAt,
        ends_at: seconds(r.ends_at),
        state: r.state,
        cancelled_at: r.state === 'cancelled' ? run.at : null,
        created_at: run.at,
        updated_at: run.at,
      }),
    };
  });
}

export { rowsOf };
