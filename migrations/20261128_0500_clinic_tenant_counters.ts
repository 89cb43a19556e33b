// Per-tenant counters (src/clinic/counters.ts): the exact totals of the clinic's tenant lists and
// dashboard, kept by the operations in their own transactions instead of a COUNT(*) per request.
// One row per (tenant, counter); the value is signed so that a transaction may pass below zero
// between two of its own statements. Backfilled here from COUNT(*) for every existing tenant,
// every known counter included at zero.
//
// The backfill reads each table once, grouped by tenant (and status). Writes made by a daemon still
// running the previous release while this runs are not counted; `wfctl clinic recount --fix` sets
// the counters right afterwards (docs/clinic-records.md).
import type { Knex } from 'knex';

// The names as of this migration (a migration keeps its own copy: the code's list may grow later).
const KINDS: Array<{ kind: string; table: string; tenantColumn: string; statuses: string[] | null }> = [
  { kind: 'pets', table: 'pets', tenantColumn: 'tenant_id', statuses: null },
  { kind: 'clients', table: 'clinic_clients', tenantColumn: 'tenant_id', statuses: null },
  {
    kind: 'appointments',
    table: 'appointments',
    tenantColumn: 'tenant_id',
    statuses: ['scheduled', 'confirmed', 'checked_in', 'completed', 'cancelled', 'no_show'],
  },
  {
    kind: 'invoices',
    table: 'invoices',
    tenantColumn: 'tenant_id',
    statuses: ['estimate', 'unpaid', 'partial', 'paid', 'voided'],
  },
  {
    kind: 'orders',
    table: 'order_requests',
    tenantColumn: 'target_tenant_id',
    statuses: ['pending', 'accepted', 'fulfilled', 'rejected', 'cancelled'],
  },
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tenant_counters', (t) => {
    t.integer('tenant_id').unsigned().notNullable().references('id').inTable('tenants');
    t.string('name', 40).notNullable();
    t.bigInteger('value').notNullable().defaultTo(0);
    t.primary(['tenant_id', 'name']);
  });

  // The recount's and the backfill's grouped count of a tenant's appointments, from the index alone:
  // without it MariaDB scanned every appointment (1.25 s at 1,000,000), and `wfctl clinic recount`
  // holds the tenant's counter locks while it counts. Invoices and orders have theirs already.
  await knex.schema.alterTable('appointments', (t) => {
    t.index(['tenant_id', 'status'], 'appointments_tenant_id_status_index');
  });

  const tenants: number[] = (await knex('tenants').pluck('id')).map(Number);
  const values = new Map<string, number>();
  const key = (tenantId: number, name: string) => `${tenantId}\u0000${name}`;
  for (const tenantId of tenants)
    for (const k of KINDS)
      for (const name of k.statuses ? k.statuses.map((s) => `${k.kind}.${s}`) : [k.kind])
        values.set(key(tenantId, name), 0);
  for (const k of KINDS) {
    const q = knex(k.table).select({ tenant_id: k.tenantColumn }).count({ n: '*' }).groupBy(k.tenantColumn);
    if (k.statuses) q.select('status').groupBy('status');
    const rows = (await q) as unknown as Array<{
      tenant_id: number | string;
      status?: string;
      n: number | string;
    }>;
    for (const r of rows) {
      const name = k.statuses ? `${k.kind}.${r.status}` : k.kind;
      values.set(key(Number(r.tenant_id), name), Number(r.n));
    }
  }
  const rows = [...values].map(([k, value]) => {
    const [tenantId, name] = k.split('\u0000');
    return { tenant_id: Number(tenantId), name, value };
  });
  // 100 rows a statement: well under SQLite's limit of bound variables.
  for (let i = 0; i < rows.length; i += 100) await knex('tenant_counters').insert(rows.slice(i, i + 100));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('appointments', (t) => {
    t.dropIndex(['tenant_id', 'status'], 'appointments_tenant_id_status_index');
  });
  await knex.schema.dropTableIfExists('tenant_counters');
}
