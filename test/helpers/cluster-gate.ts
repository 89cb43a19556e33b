// A gate like test/helpers/cluster.ts's `gateOn`, scoped to this test's database, for clusters
// that several test runs share at once.
//
// `gateOn` names its user lock after the table and event only, and its `held()` counts every
// statement in 'User lock' on the node. User locks are server-wide: another run gating the same
// table on the same node would share the lock (one gate waiting for the other's keeper), and any
// run's held statement would satisfy this run's `held()`. Here the lock's name carries this
// database's name, and `held(n)` counts only statements of this database. And `open()` does not
// drop the trigger (see there): `gateOn`'s does, which aborts the transaction it just let go.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { until, type ClusterWorld, type NodeName } from './cluster.js';

export interface ScopedGate {
  /** Resolves once at least `count` statements of this database are held at the gate. */
  held(count?: number): Promise<void>;
  /** Lets every held statement (and all later ones) through. */
  open(): Promise<void>;
}

export async function scopedGateOn(
  world: ClusterWorld,
  node: NodeName,
  table: string,
  event: 'INSERT' | 'UPDATE' | 'DELETE',
): Promise<ScopedGate> {
  const config = world.testDb.database;
  if (config.client !== 'mysql') throw new Error('a gate needs MySQL');
  const database = config.database;
  const lock = `gate_${createHash('sha1').update(`${database}/${table}/${event}`).digest('hex').slice(0, 40)}`;
  const trigger = `test_sgate_${table}_${event.toLowerCase()}`;
  const keeper = world.connect(node);
  // One connection holds the lock: the pool must not hand the release to another one.
  const conn = await (keeper as any).client.acquireConnection();
  const query = (sql: string, bindings: unknown[] = []) =>
    new Promise<any>((resolve, reject) =>
      conn.query(sql, bindings, (err: Error | null, rows: any) => (err ? reject(err) : resolve(rows))),
    );
  const [got] = await query('SELECT GET_LOCK(?, 10) AS got', [lock]);
  if (Number(got.got) !== 1) throw new Error(`gate ${lock} on ${node} is held by someone else`);
  await world.db.raw(
    `CREATE TRIGGER ${trigger} BEFORE ${event} ON ${table} FOR EACH ROW BEGIN ` +
      `IF @@wsrep_node_name = '${node}' THEN DO GET_LOCK('${lock}', 120); DO RELEASE_LOCK('${lock}'); END IF; END`,
  );
  let opened = false;
  const open = async () => {
    if (opened) return;
    opened = true;
    await query('SELECT RELEASE_LOCK(?)', [lock]);
    (keeper as any).client.releaseConnection(conn);
    // The trigger stays (later statements pass the free lock at once; the database is dropped at
    // the end). DROP TRIGGER is DDL, which Galera runs in total order: run while the released
    // transaction is still finishing, it aborts that transaction (a certification failure the
    // runner retries as a deadlock), and the retry runs after the work queued behind it, the
    // very opposite of the order the gate forced.
  };
  world.onClose(open);
  return {
    held: (count = 1) =>
      until(async () => {
        const rows = await query(
          "SELECT COUNT(*) AS n FROM information_schema.processlist WHERE state = 'User lock' AND db = ?",
          [database],
        );
        return Number(rows[0].n) >= count;
      }, `${count} statement(s) held at the gate on ${node}`),
    open,
  };
}

/**
 * Resolves once at least `count` transactions of this test's database wait for a row lock on the
 * node `db` reaches, or once `pending` settles; fails after a minute (test/helpers/lock-waits.ts
 * has no deadline, and a wait that never comes would otherwise hold a gate shut until the test's
 * timeout). innodb_trx is refreshed at most every 100 ms: read every 150 ms.
 */
export async function queuedBehind(db: Knex, count: number, pending: Promise<unknown>): Promise<void> {
  let settled = false;
  void pending.finally(() => (settled = true)).catch(() => undefined);
  const deadline = Date.now() + 60_000;
  while (!settled) {
    const [rows] = await db.raw(
      'select count(*) as n from information_schema.innodb_trx t join information_schema.processlist p ' +
        "on p.id = t.trx_mysql_thread_id where t.trx_state = 'LOCK WAIT' and p.db = database()",
    );
    if (Number(rows[0].n) >= count) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${count} transactions in a lock wait`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
