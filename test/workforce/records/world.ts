// A small workforce for the records tests: two organizations, their units, a user per role with a
// token, and helpers to add shifts, requests and devices; plus the table diff every cascade test
// uses to prove which rows changed and that no other row did, and a test-only failure injection.
import type { Knex } from 'knex';
import type { TestApp } from '../../helpers/app.js';
import {
  createDevice,
  createEmployee,
  createOrg,
  createUnit,
  createUser,
  snapshot,
  tokenFor,
} from '../../helpers/workforce.js';
import type { Role } from '../../../src/workforce/identity/permissions.js';

const NOW = '2026-01-01 00:00:00.000';

export const CASCADE_TABLES = [
  'organizations',
  'organization_units',
  'users',
  'user_roles',
  'personal_access_tokens',
  'employees',
  'devices',
  'employee_deployments',
  'shift_assignments',
  'leave_types',
  'leave_requests',
  'regularization_requests',
  'attendance',
  'audit_entries',
];

export async function buildWorld(app: TestApp) {
  const db = app.services.db;
  const acme = await createOrg(db, { code: 'ACME', timezone: 'Asia/Kolkata' });
  const blr = await createUnit(db, acme.id, { code: 'BLR', timezone: 'Asia/Kolkata' });
  const mum = await createUnit(db, acme.id, { code: 'MUM', timezone: 'Asia/Kolkata' });
  const globex = await createOrg(db, { code: 'GLOBEX', timezone: 'America/New_York' });
  const nyc = await createUnit(db, globex.id, { code: 'NYC' });
  const bos = await createUnit(db, globex.id, { code: 'BOS' });
  const [leaveType] = await db('leave_types').insert({
    organization_id: acme.id,
    code: 'CL',
    name: 'Casual leave',
    annual_quota: 12,
    carry_forward_max: 0,
    created_at: NOW,
    updated_at: NOW,
  });
  const [globexLeaveType] = await db('leave_types').insert({
    organization_id: globex.id,
    code: 'CL',
    name: 'Casual leave',
    annual_quota: 10,
    carry_forward_max: 0,
    created_at: NOW,
    updated_at: NOW,
  });
  const as = async (role: Role, organizationId: number | null) => {
    const user = await createUser(db, { grants: [{ role, organizationId }] });
    return { ...user, token: await tokenFor(app.services, user.id) };
  };
  const actors = {
    hr: await as('hr', acme.id),
    orgAdmin: await as('org_admin', acme.id),
    systemAdmin: await as('system_admin', null),
    shiftManager: await as('shift_manager', acme.id),
    employee: await as('employee', acme.id),
    otherAdmin: await as('org_admin', globex.id),
  };
  return {
    db,
    acme,
    globex,
    units: { blr, mum, nyc, bos },
    leaveTypeId: Number(leaveType),
    globexLeaveTypeId: Number(globexLeaveType),
    actors,
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

/** An employee with a login (role employee in its organization) and a primary deployment. */
export async function employeeWithUser(
  app: TestApp,
  organizationId: number,
  unitId: number,
  opts: { code?: string; startsOn?: string } = {},
) {
  const db = app.services.db;
  const user = await createUser(db, { grants: [{ role: 'employee', organizationId }] });
  const employee = await createEmployee(db, { organizationId, unitId, userId: user.id, ...opts });
  const token = await tokenFor(app.services, user.id);
  return { ...employee, userId: user.id, token };
}

export async function addDeployment(
  db: Knex,
  employeeId: number,
  unitId: number,
  startsOn: string,
  endsOn: string | null,
  isPrimary: boolean,
) {
  const [id] = await db('employee_deployments').insert({
    employee_id: employeeId,
    organization_unit_id: unitId,
    starts_on: startsOn,
    ends_on: endsOn,
    is_primary: isPrimary,
    created_at: NOW,
    updated_at: NOW,
  });
  return Number(id);
}

export async function addShift(
  db: Knex,
  employeeId: number,
  unitId: number,
  assignedFor: string,
  state = 'planned',
) {
  const [id] = await db('shift_assignments').insert({
    employee_id: employeeId,
    organization_unit_id: unitId,
    assigned_for: assignedFor,
    starts_at: '09:00:00',
    ends_at: '17:00:00',
    state,
    cancelled_at: state === 'cancelled' ? NOW : null,
    created_at: NOW,
    updated_at: NOW,
  });
  return Number(id);
}

export async function addLeave(
  db: Knex,
  employeeId: number,
  leaveTypeId: number,
  from: string,
  to: string,
  state = 'pending',
) {
  const [id] = await db('leave_requests').insert({
    employee_id: employeeId,
    leave_type_id: leaveTypeId,
    from_date: from,
    to_date: to,
    state,
    decision_trail: JSON.stringify(
      state === 'shift_manager_approved'
        ? [
            {
              at: '2026-01-02T00:00:00.000Z',
              by: 1,
              origin: 'user',
              action: 'shift_manager_approved',
              note: null,
            },
          ]
        : [],
    ),
    created_at: NOW,
    updated_at: NOW,
  });
  return Number(id);
}

export async function addRegularization(
  db: Knex,
  employeeId: number,
  from: string,
  to: string,
  state = 'pending',
) {
  const [id] = await db('regularization_requests').insert({
    employee_id: employeeId,
    from_date: from,
    to_date: to,
    reason: 'forgot to punch',
    state,
    decision_trail: '[]',
    created_at: NOW,
    updated_at: NOW,
  });
  return Number(id);
}

export { createDevice, createEmployee, snapshot };

/**
 * Every row of the tables a cascade can touch. A token's last_used_at is left out: authenticating a
 * request writes it, which is not a change the operation made.
 */
export async function stateOf(db: Knex): Promise<Record<string, unknown[]>> {
  const state = await snapshot(db, CASCADE_TABLES);
  state.personal_access_tokens = (state.personal_access_tokens as any[]).map(
    ({ last_used_at: _ignored, ...row }) => row,
  );
  return state;
}

export interface TableDiff {
  changed: number[];
  added: number[];
  removed: number[];
}

/** Per table: ids of rows changed, added and removed between two snapshots (tables with no difference omitted). */
export function diff(
  before: Record<string, unknown[]>,
  after: Record<string, unknown[]>,
): Record<string, TableDiff> {
  const out: Record<string, TableDiff> = {};
  for (const table of Object.keys(before)) {
    const b = new Map((before[table] as any[]).map((r) => [Number(r.id), JSON.stringify(r)]));
    const a = new Map((after[table] as any[]).map((r) => [Number(r.id), JSON.stringify(r)]));
    const d: TableDiff = { changed: [], added: [], removed: [] };
    for (const [id, row] of b) {
      if (!a.has(id)) d.removed.push(id);
      else if (a.get(id) !== row) d.changed.push(id);
    }
    for (const id of a.keys()) if (!b.has(id)) d.added.push(id);
    if (d.changed.length || d.added.length || d.removed.length) out[table] = d;
  }
  return out;
}

export const changed = (ids: number[]): TableDiff => ({ changed: ids, added: [], removed: [] });

/**
 * Test-only failure injection: a trigger that makes the given write fail, so a cascade breaks
 * part-way through. Returns a function that removes it.
 */
export async function failOn(
  db: Knex,
  dialect: 'sqlite' | 'mysql',
  table: string,
  event: 'INSERT' | 'UPDATE' | 'DELETE',
  when = '1 = 1',
): Promise<() => Promise<void>> {
  const name = `test_fail_${table}_${event.toLowerCase()}`;
  if (dialect === 'sqlite') {
    await db.raw(
      `CREATE TRIGGER ${name} BEFORE ${event} ON ${table} WHEN ${when} ` +
        `BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
    );
  } else {
    await db.raw(
      `CREATE TRIGGER ${name} BEFORE ${event} ON ${table} FOR EACH ROW BEGIN ` +
        `IF ${when} THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'injected failure'; END IF; END`,
    );
  }
  return async () => {
    await db.raw(`DROP TRIGGER ${name}`);
  };
}

export async function auditEntries(db: Knex, event: string) {
  const rows = await db('audit_entries').where({ event }).orderBy('id');
  return rows.map((r: any) => ({ ...r, context: JSON.parse(r.context) }));
}
