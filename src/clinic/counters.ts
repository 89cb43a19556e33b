// Per-tenant counters: the exact totals of the clinic's tenant lists (`meta.total`) and of the
// dashboard, read in one indexed statement instead of a COUNT(*) over the tenant's rows (9–20 ms at
// 100,000 appointments or invoices, docs/benchmarks.md).
//
// One row per (tenant, name) in tenant_counters:
//
// | name                     | counts                                                         |
// |--------------------------|----------------------------------------------------------------|
// | pets                     | pets whose tenant_id is the tenant (its patients)              |
// | clients                  | clinic_clients of the tenant                                   |
// | appointments.<status>    | the tenant's appointments in that status                       |
// | invoices.<status>        | the tenant's invoices in that status                           |
// | orders.<status>          | order_requests sent to the tenant (target_tenant_id) in status |
//
// Every operation that adds such a row, moves it to another status or to another tenant changes the
// counters in its own transaction (`bumpCounters`), so a counter commits with the change it counts
// or not at all (a dry run rolls both back). The clinic deletes none of these rows and has no soft
// delete; an operation that comes to remove one must count it down the same way. Anything that
// writes these tables around the operations (a bulk load, a hand-made fix) leaves the counters
// behind: `wfctl clinic recount --fix` sets them from COUNT(*) (../clinic/system/operations/recount.ts).
//
// Writers: owner.register, share.redeem (clients); pet.create, owner-pet.create, share.redeem (a
// transfer: one tenant's pets down, the other's up); appointment.book, appointment.change-status;
// invoice.create and every payment through settleInvoice (payments/ledger.ts); owner-order.create
// and every order move (orders/operations/transitions.ts); tenant.create creates the rows at zero.
import type { Knex } from 'knex';

export type CountedKind = 'pets' | 'clients' | 'appointments' | 'invoices' | 'orders';

/** What each counter counts: the table, the column naming the tenant, and whether it is by status. */
export const COUNTED: Record<CountedKind, { table: string; tenantColumn: string; byStatus: boolean }> = {
  pets: { table: 'pets', tenantColumn: 'tenant_id', byStatus: false },
  clients: { table: 'clinic_clients', tenantColumn: 'tenant_id', byStatus: false },
  appointments: { table: 'appointments', tenantColumn: 'tenant_id', byStatus: true },
  invoices: { table: 'invoices', tenantColumn: 'tenant_id', byStatus: true },
  orders: { table: 'order_requests', tenantColumn: 'target_tenant_id', byStatus: true },
};

// Kept here rather than imported, so that the ledger and the order moves can import this module
// without an import cycle; test/clinic/records/counters.test.ts checks they equal the schemas' lists.
export const COUNTED_STATUSES: Record<'appointments' | 'invoices' | 'orders', readonly string[]> = {
  appointments: ['scheduled', 'confirmed', 'checked_in', 'completed', 'cancelled', 'no_show'],
  invoices: ['estimate', 'unpaid', 'partial', 'paid', 'voided'],
  orders: ['pending', 'accepted', 'fulfilled', 'rejected', 'cancelled'],
};

/** `pets`, `appointments.confirmed`: the counter of `kind` (in `status`, for a kind by status). */
export function counterName(kind: CountedKind, status?: string | null): string {
  if (!COUNTED[kind].byStatus) return kind;
  if (!status) throw new Error(`The ${kind} counters are by status; none given.`);
  return `${kind}.${status}`;
}

/** Every counter a tenant has from the start (at zero): tenant.create writes them, the migration backfills them. */
export function knownCounterNames(): string[] {
  const names: string[] = [];
  for (const kind of Object.keys(COUNTED) as CountedKind[]) {
    if (!COUNTED[kind].byStatus) names.push(kind);
    else
      for (const s of COUNTED_STATUSES[kind as keyof typeof COUNTED_STATUSES])
        names.push(counterName(kind, s));
  }
  return names;
}

export interface CounterDelta {
  tenantId: number;
  name: string;
  by: number;
}

/**
 * Adds each delta to its counter, in the caller's transaction: `UPDATE … SET value = value + ?`,
 * which is atomic on both databases and on a Galera cluster (the row lock, or the write set, orders
 * two of them), and holds the counter's row lock until the transaction ends. Deltas of one counter
 * are summed and zeros dropped; the rest are applied in (tenant, name) order, so two transactions
 * that touch the same counters (two transfers in opposite directions) take their locks in the same
 * order and never deadlock on each other. Call it late in run(): the lock is held until COMMIT.
 *
 * A counter row that does not exist yet (a tenant made before a new status existed, a tenant row
 * written by hand) is created by an upsert with the delta as its value: a tenant's counters exist
 * from its sign-up (at zero) and the migration wrote every existing tenant's from COUNT(*), so a
 * missing row stands for zero rows counted. Two transactions creating the same row both end with it
 * counted: the loser of the insert adds to the winner's row (`ON DUPLICATE KEY UPDATE` / `ON CONFLICT
 * … DO UPDATE`), or is rolled back as a deadlock victim and retried by the operation runner.
 */
export async function bumpCounters(db: Knex, deltas: CounterDelta[]): Promise<void> {
  const summed = new Map<string, CounterDelta>();
  for (const d of deltas) {
    const key = `${d.tenantId}\u0000${d.name}`;
    const seen = summed.get(key);
    if (seen) seen.by += d.by;
    else summed.set(key, { ...d });
  }
  const ordered = [...summed.values()]
    .filter((d) => d.by !== 0)
    .sort((a, b) => a.tenantId - b.tenantId || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const d of ordered) {
    const changed = await db('tenant_counters')
      .where({ tenant_id: d.tenantId, name: d.name })
      .update({ value: db.raw('?? + ?', ['value', d.by]) });
    if (Number(changed) > 0) continue;
    await db('tenant_counters')
      .insert({ tenant_id: d.tenantId, name: d.name, value: d.by })
      .onConflict(['tenant_id', 'name'])
      // The existing row's value, named by its table (both dialects' upsert syntax allow it).
      .merge({ value: db.raw('?? + ?', ['tenant_counters.value', d.by]) });
  }
}

/** One more row of `kind` (in `status`) in the tenant. */
export function countAdded(db: Knex, tenantId: number, kind: CountedKind, status?: string | null) {
  return bumpCounters(db, [{ tenantId, name: counterName(kind, status), by: 1 }]);
}

/** A row of the tenant moved from one status to another (nothing when they are the same). */
export function countStatusChange(db: Knex, tenantId: number, kind: CountedKind, from: string, to: string) {
  if (from === to) return Promise.resolve();
  return bumpCounters(db, [
    { tenantId, name: counterName(kind, from), by: -1 },
    { tenantId, name: counterName(kind, to), by: 1 },
  ]);
}

/** The zeroed counters of a new tenant, created with it (tenant.create). */
export async function createCounters(db: Knex, tenantId: number): Promise<void> {
  await db('tenant_counters').insert(
    knownCounterNames().map((name) => ({ tenant_id: tenantId, name, value: 0 })),
  );
}

/** The tenant's counters by name (one indexed read of ~18 rows; a missing counter is zero). */
export async function readCounters(db: Knex, tenantId: number): Promise<Map<string, number>> {
  const rows: Array<{ name: string; value: number | string }> = await db('tenant_counters')
    .where('tenant_id', tenantId)
    .select('name', 'value');
  return new Map(rows.map((r) => [r.name, Number(r.value)]));
}

/** The sum of the counters of `kind` in the tenant: in `statuses`, or every status when not given. */
export function totalOf(
  counters: Map<string, number>,
  kind: CountedKind,
  statuses?: readonly string[],
): number {
  if (!COUNTED[kind].byStatus) return counters.get(kind) ?? 0;
  let total = 0;
  for (const [name, value] of counters) {
    if (!name.startsWith(`${kind}.`)) continue;
    if (statuses && !statuses.includes(name.slice(kind.length + 1))) continue;
    total += value;
  }
  return total;
}

/**
 * The exact total of `kind` in the tenant from its counters, in one statement: a list's `meta.total`
 * without COUNT(*). Every status of a kind by status is its rows (the statuses a row may have are
 * the counters' suffixes, whatever they are).
 */
export async function counterTotal(
  db: Knex,
  tenantId: number,
  kind: CountedKind,
  statuses?: readonly string[],
): Promise<number> {
  const q = db('tenant_counters').where('tenant_id', tenantId);
  if (!COUNTED[kind].byStatus) q.where('name', kind);
  else if (statuses)
    q.whereIn(
      'name',
      statuses.map((s) => counterName(kind, s)),
    );
  else q.where('name', 'like', `${kind}.%`);
  const row = (await q.sum({ n: 'value' }).first()) as { n?: number | string | null } | undefined;
  return Number(row?.n ?? 0);
}

/** What COUNT(*) says each counter of the tenant should be (the recount's truth); missing ones are 0. */
export async function actualCounts(db: Knex, tenantId: number): Promise<Map<string, number>> {
  const actual = new Map<string, number>(knownCounterNames().map((n) => [n, 0]));
  for (const kind of Object.keys(COUNTED) as CountedKind[]) {
    const { table, tenantColumn, byStatus } = COUNTED[kind];
    const q = db(table).where(tenantColumn, tenantId);
    if (byStatus) {
      const rows: Array<{ status: string; n: number | string }> = await q
        .groupBy('status')
        .select('status')
        .count({ n: '*' });
      for (const r of rows) actual.set(counterName(kind, r.status), Number(r.n));
    } else {
      const row = (await q.count({ n: '*' }).first()) as { n?: number | string } | undefined;
      actual.set(kind, Number(row?.n ?? 0));
    }
  }
  return actual;
}
