// Users (with their role grants) and employees (with a login when a password is given, and a
// primary deployment from starts_on). Existing ones are matched by email / employee_id and kept;
// grants they lack are added.
import { ValidationError } from '../../../core/errors.js';
import { chunks } from '../../context.js';
import { checkPasswordPolicy } from '../../identity/passwords.js';
import type { ImportDocument } from '../schema.js';
import { insertBatches, type ImportRun } from '../run.js';
import { duplicates } from './structure.js';

type Rows<K extends keyof ImportDocument> = NonNullable<ImportDocument[K]>;

interface Grant {
  userId: number;
  role: string;
  organizationId: number | null;
}

export async function importUsers(run: ImportRun, rows: Rows<'users'>): Promise<void> {
  await run.loadOrgs(rows.flatMap((r) => r.organizations));
  const existing = await usersByEmail(
    run,
    rows.map((r) => r.email),
  );
  const dup = duplicates(run);
  rows.forEach((r, i) => {
    const at = `users[${i}]`;
    if (dup(r.email, `${at}.email`, i)) return;
    const orgRoles = r.roles.filter((role) => role !== 'system_admin');
    if (orgRoles.length && r.organizations.length === 0) {
      run.fail(`${at}.organizations`, `required for role ${orgRoles[0]}`);
    }
    if (!orgRoles.length && r.organizations.length) {
      run.fail(`${at}.organizations`, 'system_admin is global: list no organizations');
    }
    r.organizations.forEach((code, j) => {
      if (!run.orgs.has(code)) run.fail(`${at}.organizations[${j}]`, `unknown organization ${code}`);
    });
    const found = existing.get(r.email);
    if (found?.isSystem) run.fail(`${at}.email`, 'the built-in system user cannot be imported');
    if (!found) checkNewPassword(run, `${at}.password`, r.password);
  });
  run.stopOnErrors();

  const fresh = rows.filter((r) => !existing.has(r.email));
  await insertLogins(run, fresh);
  const ids = await usersByEmail(
    run,
    fresh.map((r) => r.email),
  );
  for (const r of rows) run.users.set(r.email, (existing.get(r.email) ?? ids.get(r.email))!.id);
  for (const r of fresh) run.created.add(`users:${r.email}`);
  run.count('users', 'created', fresh.length);
  run.count('users', 'existing', rows.length - fresh.length);

  const grants: Grant[] = rows.flatMap((r) =>
    r.roles.flatMap((role): Grant[] =>
      role === 'system_admin'
        ? [{ userId: run.users.get(r.email)!, role, organizationId: null }]
        : r.organizations.map((code) => ({
            userId: run.users.get(r.email)!,
            role,
            organizationId: run.orgs.get(code)!.id,
          })),
    ),
  );
  await addMissingGrants(run, grants);
}

export async function importEmployees(run: ImportRun, rows: Rows<'employees'>): Promise<void> {
  await run.loadOrgs(rows.map((r) => r.organization));
  const unitKeys = rows.map((r) => run.unitKey(r.unit, r.organization));
  await run.loadUnits(unitKeys);
  await run.loadEmployees(rows.map((r) => r.employee_id));
  const users = await usersByEmail(
    run,
    rows
      .filter((r) => r.password)
      .map((r) => r.email!)
      .filter(Boolean),
  );
  const dup = duplicates(run);
  const fresh: Array<{ row: (typeof rows)[number]; unitId: number; orgId: number }> = [];
  rows.forEach((r, i) => {
    const at = `employees[${i}]`;
    if (dup(r.employee_id, `${at}.employee_id`, i)) return;
    const org = run.orgs.get(r.organization);
    if (!org) return run.fail(`${at}.organization`, `unknown organization ${r.organization}`);
    const known = run.employees.get(r.employee_id);
    if (known) {
      if (known.organizationId !== org.id) {
        run.fail(`${at}.organization`, `${r.employee_id} already belongs to ${known.orgCode}`);
      }
      return run.count('employees', 'existing');
    }
    const unit = run.units.get(unitKeys[i]);
    if (!unit || unit.organizationId !== org.id) return run.fail(`${at}.unit`, `unknown unit ${unitKeys[i]}`);
    if (unit.status !== 'active') return run.fail(`${at}.unit`, `unit ${unitKeys[i]} is retired`);
    if (r.password !== undefined) {
      if (!r.email) run.fail(`${at}.email`, 'is required when a password is given');
      else if (!users.has(r.email)) checkNewPassword(run, `${at}.password`, r.password);
    }
    fresh.push({ row: r, unitId: unit.id, orgId: org.id });
  });
  run.stopOnErrors();

  // Logins first: new users for new emails, existing users linked as they are.
  const newLogins = [
    ...new Map(
      fresh
        .filter((f) => f.row.password !== undefined && !users.has(f.row.email!))
        .map((f) => [f.row.email!, f.row]),
    ).values(),
  ];
  await insertLogins(run, newLogins);
  for (const [email, u] of await usersByEmail(
    run,
    newLogins.map((r) => r.email!),
  ))
    users.set(email, u);

  const userOf = (r: (typeof rows)[number]) => (r.password !== undefined ? users.get(r.email!)!.id : null);
  await insertBatches(
    run.trx,
    'employees',
    fresh.map(({ row, orgId }) => ({
      employee_id: row.employee_id,
      organization_id: orgId,
      user_id: userOf(row),
      name: row.name,
      email: row.email ?? null,
      is_active: true,
      created_at: run.at,
      updated_at: run.at,
    })),
  );
  await run.loadEmployees(fresh.map((f) => f.row.employee_id));
  await insertBatches(
    run.trx,
    'employee_deployments',
    fresh.map(({ row, unitId }) => ({
      employee_id: run.employees.get(row.employee_id)!.id,
      organization_unit_id: unitId,
      starts_on: row.starts_on,
      ends_on: null,
      is_primary: true,
      created_at: run.at,
      updated_at: run.at,
    })),
  );
  await addMissingGrants(
    run,
    fresh
      .filter((f) => f.row.password !== undefined)
      .map((f) => ({ userId: userOf(f.row)!, role: 'employee', organizationId: f.orgId })),
  );
  for (const f of fresh) run.created.add(`employees:${f.row.employee_id}`);
  run.count('employees', 'created', fresh.length);
}

/** New login accounts (active, not the system user), each password hashed. */
async function insertLogins(
  run: ImportRun,
  rows: Array<{ email?: string; name?: string; password?: string }>,
): Promise<void> {
  await insertBatches(
    run.trx,
    'users',
    await Promise.all(
      rows.map(async (r) => ({
        email: r.email,
        name: r.name,
        password_hash: await run.hash(r.password!),
        is_active: true,
        is_system: false,
        created_at: run.at,
        updated_at: run.at,
      })),
    ),
  );
}

function checkNewPassword(run: ImportRun, path: string, password: string | undefined): void {
  if (password === undefined) return run.fail(path, 'is required for a new user');
  try {
    checkPasswordPolicy(password, 'password');
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    run.fail(path, err.message.replace(/^The password /, ''));
  }
}

async function usersByEmail(run: ImportRun, emails: string[]) {
  const out = new Map<string, { id: number; isSystem: boolean }>();
  for (const part of chunks([...new Set(emails)])) {
    for (const u of await run.trx('users').whereIn('email', part).select('id', 'email', 'is_system')) {
      out.set(u.email, { id: Number(u.id), isSystem: Boolean(Number(u.is_system)) });
    }
  }
  return out;
}

/** Inserts the grants not held yet (scope_key 'global' or 'org:<id>', as identity writes them). */
async function addMissingGrants(run: ImportRun, grants: Grant[]): Promise<void> {
  const scope = (g: Grant) => (g.organizationId === null ? 'global' : `org:${g.organizationId}`);
  const held = new Set<string>();
  for (const part of chunks([...new Set(grants.map((g) => g.userId))])) {
    for (const r of await run
      .trx('user_roles')
      .whereIn('user_id', part)
      .select('user_id', 'role', 'scope_key')) {
      held.add(`${r.user_id}|${r.role}|${r.scope_key}`);
    }
  }
  const missing = new Map<string, Grant>();
  for (const g of grants) {
    const key = `${g.userId}|${g.role}|${scope(g)}`;
    if (!held.has(key)) missing.set(key, g);
  }
  await insertBatches(
    run.trx,
    'user_roles',
    [...missing.values()].map((g) => ({
      user_id: g.userId,
      role: g.role,
      organization_id: g.organizationId,
      scope_key: scope(g),
      created_at: run.at,
    })),
  );
  if (missing.size) run.count('grants', 'created', missing.size);
}
