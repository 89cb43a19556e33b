// Cluster tests (`npm run test:cluster`): daemons on the three-node Galera cluster that
// scripts/cluster/cluster.sh brings up, each test on a fresh database of its own.
//
// A test database is made through the single-writer HAProxy port (TEST_MYSQL_URL, set by
// ava.cluster.config.js), then each daemon is started in-process with its own pool, either through
// that port (the supported topology) or straight at one node (a misconfigured daemon, to prove the
// writer fence). Races are forced, not hoped for: `pauseOn` makes a statement sleep on one node
// only, holding that node's transaction open after its checks while the other node's runs.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Knex } from 'knex';
import { ROOT } from '../../scripts/repo-root.js';
import { loadConfig } from '../../src/config.js';
import { FixedClock } from '../../src/core/clock.js';
import { silentLogger, type Logger } from '../../src/core/logger.js';
import { createDb } from '../../src/db/knex.js';
import { startDaemon, type Daemon } from '../../src/daemon.js';
import { createTestDb, type TestDb } from './db.js';
import { HttpClient } from './http.js';

const run = promisify(execFile);
const SCRIPT = join(ROOT, 'scripts/cluster/cluster.sh');

/** WFCTL_CLUSTER_OFFSET moves every port of the cluster (scripts/cluster/cluster.sh). */
const OFFSET = Number(process.env.WFCTL_CLUSTER_OFFSET ?? 0);
export const NODE_PORTS = { n1: 4306 + OFFSET, n2: 4307 + OFFSET, n3: 4308 + OFFSET } as const;
export type NodeName = keyof typeof NODE_PORTS;
/** The single-writer HAProxy port, or one node straight (bypassing HAProxy). */
export type Route = 'writer' | NodeName;
const WRITER_PORT = 4300 + OFFSET;
/** HAProxy's round robin over the script's daemons (workforce contract). */
export const WORKFORCE_FRONT = `http://127.0.0.1:${8180 + OFFSET}`;

export interface ClusterDaemon {
  route: Route;
  daemon: Daemon;
  db: Knex;
  workforce: HttpClient;
  clinic: HttpClient;
  stop(): Promise<void>;
}

export interface ClusterWorld {
  testDb: TestDb;
  /** A connection through the writer port, for arranging and checking rows. */
  db: Knex;
  clock: FixedClock;
  /** A daemon of this test's database, reaching the cluster by `route`. */
  startDaemon(
    route: Route,
    opts?: { background?: boolean; env?: Record<string, string>; logger?: Logger },
  ): Promise<ClusterDaemon>;
  /** A pool of this test's database on one route (no daemon). */
  connect(route: Route): Knex;
  /** Runs before the daemons stop and the database is dropped. */
  onClose(fn: () => Promise<void>): void;
  close(): Promise<void>;
}

export function urlFor(database: string, route: Route): string {
  const port = route === 'writer' ? WRITER_PORT : NODE_PORTS[route];
  return `mysql://wfctl@127.0.0.1:${port}/${database}`;
}

export async function clusterWorld(
  opts: { clock?: FixedClock; env?: Record<string, string> } = {},
): Promise<ClusterWorld> {
  const testDb = await createTestDb('mysql', opts.env);
  if (testDb.database.client !== 'mysql') throw new Error('cluster tests run on MySQL only');
  const name = testDb.database.database;
  const clock = opts.clock ?? new FixedClock();
  const closers: Array<() => Promise<void>> = [];
  const configFor = (route: Route, env: Record<string, string> = {}) =>
    loadConfig({
      DATABASE_URL: urlFor(name, route),
      WORKFORCE_PORT: '0',
      CLINIC_PORT: '0',
      LOG_LEVEL: 'silent',
      APP_ENV: 'test',
      PASSWORD_HASH_COST: '4', // throw-away accounts: bcrypt's least work (src/core/passwords.ts)
      MAIL_DIR: testDb.config.mail.dir,
      ...opts.env,
      ...env,
    });
  causalReads(testDb.db);
  const world: ClusterWorld = {
    testDb,
    db: testDb.db,
    clock,
    onClose(fn) {
      closers.push(fn);
    },
    connect(route) {
      const db = causalReads(createDb(configFor(route).database, { poolMax: 10 }));
      closers.push(() => db.destroy());
      return db;
    },
    async startDaemon(route, o = {}) {
      const config = configFor(route, o.env);
      const db = createDb(config.database, { poolMax: config.dbPoolMax });
      const daemon = await startDaemon({
        config,
        db,
        clock,
        logger: o.logger ?? silentLogger,
        background: o.background ?? false,
      });
      let stopped = false;
      const stop = async () => {
        if (stopped) return;
        stopped = true;
        await daemon.stop();
        await db.destroy();
      };
      closers.push(stop);
      return {
        route,
        daemon,
        db,
        workforce: new HttpClient(daemon.listeners.workforce!.url),
        clinic: new HttpClient(daemon.listeners.clinic!.url),
        stop,
      };
    },
    async close() {
      for (const close of closers.reverse()) await close().catch(() => undefined);
      await testDb.destroy();
    },
  };
  return world;
}

/**
 * A test's own pool reads causally: every read waits until its node has applied every write set the
 * cluster certified before it. Without it, a row a daemon committed on n2 a moment ago may not yet
 * be visible through the writer port (n1), and a check of "one primary" reads none. The daemons'
 * pools are left as the product makes them. The SET is queued on the new connection before the
 * query it was opened for (mysql2 runs a connection's commands in order).
 */
function causalReads(db: Knex): Knex {
  const pool = (db.client as { pool?: { on(event: string, fn: (id: number, conn: any) => void): void } })
    .pool;
  pool?.on('createSuccess', (_id, conn) => conn.query('SET SESSION wsrep_sync_wait = 1', () => undefined));
  return db;
}

/** The Galera node a connection's statements run on. */
export async function nodeOf(db: Knex): Promise<NodeName> {
  const [rows] = await db.raw('select @@wsrep_node_name as n');
  return rows[0].n as NodeName;
}

/**
 * Makes every `event` on `table` sleep `seconds` on one node only (a trigger replicated to all, whose
 * condition names the node: appliers of other nodes' write sets do not fire triggers). Widens a
 * window; a test whose outcome must not depend on timing uses `gateOn`.
 */
export async function pauseOn(
  db: Knex,
  node: NodeName,
  table: string,
  event: 'INSERT' | 'UPDATE' | 'DELETE',
  seconds: number,
): Promise<() => Promise<void>> {
  const name = `test_pause_${table}_${event.toLowerCase()}`;
  await db.raw(
    `CREATE TRIGGER ${name} BEFORE ${event} ON ${table} FOR EACH ROW BEGIN ` +
      `IF @@wsrep_node_name = '${node}' THEN DO SLEEP(${seconds}); END IF; END`,
  );
  return async () => {
    await db.raw(`DROP TRIGGER IF EXISTS ${name}`);
  };
}

let gates = 0;

export interface Gate {
  /** Resolves once `count` statements (default 1) of this test's database are held at the gate. */
  held(count?: number): Promise<void>;
  /**
   * Lets every held statement (and all later ones) through. The trigger stays until the world
   * closes: dropping it is DDL, which Galera runs in total order and which aborts (as a deadlock)
   * every open transaction on the table, the one just let through included.
   */
  open(): Promise<void>;
}

/**
 * Holds every `event` on `table` on one node at a gate until the test opens it: the trigger waits
 * for a user lock that the test holds on that node. A transaction stopped there has made its checks
 * and keeps its row locks, which the other nodes never see.
 */
export async function gateOn(
  world: ClusterWorld,
  node: NodeName,
  table: string,
  event: 'INSERT' | 'UPDATE' | 'DELETE',
  /** Holds only the rows for which this SQL condition (on NEW./OLD.) holds. */
  when = '1 = 1',
): Promise<Gate> {
  // User locks are server-wide and other tests share the cluster: the name is this database's own.
  const database = (world.testDb.database as { database: string }).database;
  const lock =
    `gate_${createHash('sha256').update(database).digest('hex').slice(0, 12)}_${table}_${event.toLowerCase()}`.slice(
      0,
      64,
    );
  const trigger = `test_gate_${table}_${event.toLowerCase()}_${++gates}`;
  const keeper = world.connect(node);
  // One connection holds the lock: the pool must not hand the release to another one.
  const conn = await (keeper as any).client.acquireConnection();
  const query = (sql: string) =>
    new Promise<any>((resolve, reject) =>
      conn.query(sql, (err: Error | null, rows: any) => (err ? reject(err) : resolve(rows))),
    );
  const [got] = await query(`SELECT GET_LOCK('${lock}', 10) AS got`);
  if (Number(got.got) !== 1) throw new Error(`gate ${lock}: could not take the user lock`);
  await world.db.raw(
    `CREATE TRIGGER ${trigger} BEFORE ${event} ON ${table} FOR EACH ROW BEGIN ` +
      `IF @@wsrep_node_name = '${node}' AND (${when}) THEN DO GET_LOCK('${lock}', 120); DO RELEASE_LOCK('${lock}'); END IF; END`,
  );
  let opened = false;
  const open = async () => {
    if (opened) return;
    opened = true;
    // Ending the keeper's session frees its lock, and cannot hang on a node killed under it (a
    // RELEASE_LOCK query on that dead connection could).
    conn.destroy();
    await (keeper as any).client.releaseConnection(conn).catch?.(() => undefined);
  };
  world.onClose(async () => {
    await open();
    await world.db.raw(`DROP TRIGGER IF EXISTS ${trigger}`);
  });
  return {
    held: (count = 1) =>
      until(async () => {
        // Only this database's statements: other tests' gates on the same node are not ours.
        const rows = await query(
          `SELECT COUNT(*) AS n FROM information_schema.processlist WHERE state = 'User lock' AND db = '${database}'`,
        );
        return Number(rows[0].n) >= count;
      }, `${count} statement(s) held at the gate on ${node}`),
    open,
  };
}

/** The servers HAProxy has up in one of its sections (`galera-writer`, `workforce`, `clinic`). */
export async function serversUp(section: string): Promise<string[]> {
  const socket = `/tmp/wfctl-cluster${OFFSET ? `-${OFFSET}` : ''}/haproxy.sock`;
  const answer = await new Promise<string>((resolve, reject) => {
    let text = '';
    const conn = createConnection(socket, () => conn.end(`show servers state ${section}\n`));
    conn.on('data', (chunk) => (text += chunk));
    conn.on('end', () => resolve(text));
    conn.on('error', reject);
  });
  // Columns: be_id be_name srv_id srv_name srv_addr srv_op_state … (2 = running).
  return answer
    .split('\n')
    .slice(2)
    .map((line) => line.split(' '))
    .filter((cols) => cols[5] === '2')
    .map((cols) => cols[3]!);
}

/** Runs scripts/cluster/cluster.sh (kill-node, start-node, status, writer …). */
export async function clusterScript(...args: string[]): Promise<string> {
  return clusterScriptWith({}, ...args);
}

/** The same, with variables for the script (WFCTL_CLUSTER_DATABASE for start-daemon). */
export async function clusterScriptWith(env: Record<string, string>, ...args: string[]): Promise<string> {
  const { stdout, stderr } = await run('bash', [SCRIPT, ...args], {
    timeout: 180_000,
    env: { ...process.env, ...env },
  });
  return stdout + stderr;
}

/**
 * Waits until `check` holds, polling (no fixed sleeps in tests); fails with `what` after `ms`. One
 * attempt that hangs (a query on a connection whose node died under it) counts as a no after 10 s.
 */
export async function until(check: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    const attempt = Promise.race([
      check().catch(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 10_000))),
    ]);
    const ok = await attempt;
    clearTimeout(timer);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
