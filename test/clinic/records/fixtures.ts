// Fixtures of the clinic records tests: two tenants, each with an admin and a registered owner, made
// through the real API; helpers that create pets, appointments and invoices the same way.
import type { Knex } from 'knex';
import type { TestApp } from '../../helpers/app.js';
import type { Dialect } from '../../helpers/db.js';
import { bootClinic, registerOwner, signup } from '../fixtures.js';

export const GATEWAY_ENV = {
  GATEWAY_KEY_ID: 'rzp_test_key',
  GATEWAY_KEY_SECRET: 'key-secret-123',
  GATEWAY_WEBHOOK_SECRET: 'webhook-secret-456',
  GATEWAY_CURRENCY: 'INR',
};

export async function world(dialect: Dialect, env: Record<string, string> = {}) {
  const app = await bootClinic(dialect, { env });
  const admin = await signup(app);
  const owner = await registerOwner(app, admin.tenant.id);
  const other = await signup(app);
  const otherOwner = await registerOwner(app, other.tenant.id);
  const t = `/api/v1/tenant/${admin.tenant.id}`;
  return { app, admin, owner, other, otherOwner, t, db: app.services.db };
}
export type World = Awaited<ReturnType<typeof world>>;

export async function createPet(
  w: World,
  body: Record<string, unknown> = {},
  as: { tenantPath: string; token: string; clientId: number } = {
    tenantPath: w.t,
    token: w.admin.token,
    clientId: w.owner.clientId,
  },
) {
  const res = await w.app.clinic.post(
    `${as.tenantPath}/pets`,
    { name: 'Bruno', species: 'dog', client_id: as.clientId, ...body },
    { token: as.token },
  );
  if (res.status !== 201) throw new Error(`pet: ${res.status} ${res.text}`);
  return res.body.data;
}

export async function createInvoice(w: World, body: Record<string, unknown>) {
  const res = await w.app.clinic.post(
    `${w.t}/invoices`,
    { client_id: w.owner.clientId, total: 100, ...body },
    { token: w.admin.token },
  );
  if (res.status !== 200) throw new Error(`invoice: ${res.status} ${res.text}`);
  return res.body.data;
}

const TABLES = [
  'pets',
  'appointments',
  'invoices',
  'invoice_items',
  'payments',
  'gateway_orders',
  'gateway_events',
  'clinic_audit_entries',
];

/** Row counts of the records tables: equal before and after means a refused request wrote nothing. */
export async function recordCounts(db: Knex): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) out[table] = Number((await db(table).count({ n: '*' }).first())?.n ?? 0);
  return out;
}

export type App = TestApp;
