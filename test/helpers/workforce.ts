// Workforce fixtures written straight to the database (the import command is the user-facing way).
import type { Knex } from 'knex';
import bcrypt from 'bcryptjs';
import type { Services } from '../../src/core/services.js';
import { toDbTime } from '../../src/db/time.js';
import { issueUserToken } from '../../src/workforce/identity/tokens.js';
import type { Role } from '../../src/workforce/identity/permissions.js';

const NOW = '2026-01-01 00:00:00.000';
let seq = 0;
const next = () => ++seq;

/**
 * An organization. Device binding of punches is on by default in the product; fixtures turn it off
 * unless asked (requireDeviceForPunches), because most tests punch from web tokens on purpose.
 */
export async function createOrg(
  db: Knex,
  opts: { code?: string; name?: string; timezone?: string; requireDeviceForPunches?: boolean } = {},
) {
  const code = opts.code ?? `ORG${next()}`;
  const [id] = await db('organizations').insert({
    code,
    name: opts.name ?? `Organization ${code}`,
    timezone: opts.timezone ?? 'UTC',
    require_device_for_punches: opts.requireDeviceForPunches ?? false,
    status: 'active',
    is_active: true,
    created_at: NOW,
    updated_at: NOW,
  });
  return { id: Number(id), code };
}

export async function createUnit(
  db: Knex,
  organizationId: number,
  opts: { code?: string; timezone?: string } = {},
) {
  const code = opts.code ?? `U${next()}`;
  const [id] = await db('organization_units').insert({
    organization_id: organizationId,
    code,
    name: `Unit ${code}`,
    timezone: opts.timezone ?? 'UTC',
    status: 'active',
    is_active: true,
    created_at: NOW,
    updated_at: NOW,
  });
  return { id: Number(id), code };
}

export const TEST_PASSWORD = 'correct horse battery';
const passwordHash = bcrypt.hashSync(TEST_PASSWORD, 4);

/** A user with role grants: `{role: 'hr', organizationId: 1}`; system_admin with organizationId null. */
export async function createUser(
  db: Knex,
  opts: {
    email?: string;
    name?: string;
    grants?: Array<{ role: Role; organizationId: number | null }>;
    active?: boolean;
  } = {},
) {
  const email = opts.email ?? `user${next()}@example.test`;
  const [id] = await db('users').insert({
    email,
    name: opts.name ?? email.split('@')[0],
    password_hash: passwordHash,
    is_active: opts.active ?? true,
    is_system: false,
    created_at: NOW,
    updated_at: NOW,
  });
  for (const g of opts.grants ?? []) {
    await db('user_roles').insert({
      user_id: id,
      role: g.role,
      organization_id: g.organizationId,
      scope_key: g.organizationId === null ? 'global' : `org:${g.organizationId}`,
      created_at: NOW,
    });
  }
  return { id: Number(id), email };
}

/** A bearer token for the user, as login would issue it. */
export async function tokenFor(
  services: Services,
  userId: number,
  opts: { clientKind?: 'web' | 'mobile'; fingerprint?: string } = {},
): Promise<string> {
  const issued = await issueUserToken(services.db, services.clock, {
    userId,
    name: 'test',
    clientKind: opts.clientKind ?? 'web',
    deviceFingerprint: opts.fingerprint ?? null,
    ttlDays: 30,
  });
  return issued.token;
}

export async function createEmployee(
  db: Knex,
  opts: { organizationId: number; unitId?: number; code?: string; userId?: number | null; startsOn?: string },
) {
  const code = opts.code ?? `E${String(next()).padStart(4, '0')}`;
  const [id] = await db('employees').insert({
    employee_id: code,
    organization_id: opts.organizationId,
    user_id: opts.userId ?? null,
    name: `Employee ${code}`,
    email: `${code.toLowerCase()}@example.test`,
    is_active: true,
    created_at: NOW,
    updated_at: NOW,
  });
  if (opts.unitId) {
    await db('employee_deployments').insert({
      employee_id: id,
      organization_unit_id: opts.unitId,
      starts_on: opts.startsOn ?? '2025-01-01',
      ends_on: null,
      is_primary: true,
      created_at: NOW,
      updated_at: NOW,
    });
  }
  return { id: Number(id), code };
}

export async function createDevice(db: Knex, employeeId: number, fingerprint: string, status = 'approved') {
  const [id] = await db('devices').insert({
    employee_id: employeeId,
    fingerprint,
    name: 'phone',
    status,
    approved_at: status === 'approved' ? NOW : null,
    created_at: NOW,
    updated_at: NOW,
  });
  return Number(id);
}

/** Row counts of the given tables, to assert "nothing changed". */
export async function snapshot(db: Knex, tables: string[]): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const t of tables)
    out[t] = await db(t)
      .select()
      .orderBy(t === 'partner_organizations' ? 'partner_id' : 'id');
  return out;
}

export { toDbTime };
