// Clinic test fixtures: the daemon on a fresh database, and accounts made through the real API.
import type { Knex } from 'knex';
import { bootApp, type TestApp } from '../helpers/app.js';
import type { Dialect } from '../helpers/db.js';
import type { FixedClock } from '../../src/core/clock.js';
import type { Logger } from '../../src/core/logger.js';

export const PASSWORD = 'correct-horse-9';

/** The daemon with the clinic login limit raised (tests log in often); the limit has its own test. */
export function bootClinic(
  dialect: Dialect,
  opts: { env?: Record<string, string>; clock?: FixedClock; logger?: Logger } = {},
) {
  return bootApp(dialect, {
    clock: opts.clock,
    logger: opts.logger,
    env: { CLINIC_LOGIN_RATE_LIMIT_PER_MINUTE: '1000', ...opts.env },
  });
}

let seq = 0;

export function signupBody(overrides: Record<string, unknown> = {}) {
  const n = `${process.pid}-${++seq}`;
  return {
    name: `Clinic ${n}`,
    slug: `clinic-${n}`,
    email: `clinic-${n}@example.test`,
    owner_name: `Admin ${n}`,
    owner_email: `admin-${n}@example.test`,
    password: PASSWORD,
    ...overrides,
  };
}

export interface SignedUp {
  tenant: Record<string, any>;
  user: Record<string, any>;
  email: string;
  token: string;
}

/** A tenant and its admin through POST /tenants, logged in. */
export async function signup(app: TestApp, overrides: Record<string, unknown> = {}): Promise<SignedUp> {
  const body = signupBody(overrides);
  const res = await app.clinic.post('/api/v1/tenants', body);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  const email = String(body.owner_email).toLowerCase();
  return { ...res.body.data, email, token: await login(app, email) };
}

export async function login(app: TestApp, email: string, password = PASSWORD): Promise<string> {
  const res = await app.clinic.post('/api/v1/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${res.text}`);
  return res.body.token;
}

/** A staff member added by the admin through POST /tenant/{tenant}/members, logged in. */
export async function addStaff(
  app: TestApp,
  admin: SignedUp,
  role: string,
  email = `${role}-${process.pid}-${++seq}@example.test`,
) {
  const res = await app.clinic.post(
    `/api/v1/tenant/${admin.tenant.id}/members`,
    { email, role, name: `Staff ${role}`, password: PASSWORD },
    { token: admin.token },
  );
  if (res.status !== 201) throw new Error(`adding ${role} failed: ${res.status} ${res.text}`);
  return { userId: res.body.data.user_id as number, email, token: await login(app, email) };
}

/** A pet owner through POST /auth/owner/register, logged in. */
export async function registerOwner(
  app: TestApp,
  tenantId: number,
  email = `owner-${process.pid}-${++seq}@example.test`,
) {
  const res = await app.clinic.post('/api/v1/auth/owner/register', {
    name: 'Olive Owner',
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    tenant_id: tenantId,
  });
  if (res.status !== 201) throw new Error(`owner registration failed: ${res.status} ${res.text}`);
  return {
    userId: res.body.data.user.id as number,
    clientId: res.body.data.client_id as number,
    email,
    token: await login(app, email),
  };
}

const CLINIC_TABLES = [
  'tenants',
  'clinic_users',
  'tenant_memberships',
  'clinic_clients',
  'clinic_access_tokens',
  'clinic_audit_entries',
];

/** Row counts of the clinic tables: equal before and after means a refused request changed nothing. */
export async function clinicRowCounts(db: Knex): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of CLINIC_TABLES) {
    const row = await db(table).count({ n: '*' }).first();
    out[table] = Number(row?.n ?? 0);
  }
  return out;
}
