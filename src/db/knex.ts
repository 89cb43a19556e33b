// The one connection module: it holds the dialect differences (SQLite pragmas, MySQL session
// settings), so nothing else needs to ask which database it talks to.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type { DatabaseConfig } from '../config.js';
import { PREPARED_PER_CONNECTION, preparedStatements } from './prepared.js';

export type Dialect = 'mysql' | 'sqlite';

/**
 * How long a query waits for a pooled MySQL connection (a new one included) before it fails, so a
 * database that went away is a prompt 503 instead of a request hanging for knex's 60 s default.
 */
export const ACQUIRE_TIMEOUT_MS = 5000;

/** mysql2's own default is 10 s; DB_CONNECT_TIMEOUT_MS sets it (src/config.ts). */
export const CONNECT_TIMEOUT_MS = 4000;

export function createDb(
  database: DatabaseConfig,
  opts: { poolMax?: number; acquireTimeoutMs?: number; connectTimeoutMs?: number } = {},
): Knex {
  const connectTimeout = opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  if (database.client === 'sqlite') {
    if (database.filename !== ':memory:') mkdirSync(dirname(database.filename), { recursive: true });
    return beginImmediate(
      knexFactory({
        client: 'better-sqlite3',
        connection: { filename: database.filename },
        useNullAsDefault: true,
        // One connection: SQLite has a single writer, and one connection makes transactions serialise
        // in-process instead of failing with SQLITE_BUSY.
        pool: {
          min: 1,
          max: 1,
          afterCreate: (conn: any, done: (err: Error | null, conn: unknown) => void) => {
            try {
              conn.pragma('foreign_keys = ON');
              conn.pragma('busy_timeout = 10000');
              if (database.filename !== ':memory:') conn.pragma('journal_mode = WAL');
              cachePreparedStatements(conn);
              done(null, conn);
            } catch (err) {
              done(err as Error, conn);
            }
          },
        },
        log: quietLog,
      }),
    );
  }
  return preparedStatements(
    knexFactory({
      client: 'mysql2',
      connection: {
        host: database.host,
        port: database.port,
        user: database.user,
        password: database.password,
        database: database.database,
        charset: 'utf8mb4',
        // Instants are stored as UTC text (see time.ts); read DATE/DATETIME back as the text stored.
        timezone: 'Z',
        dateStrings: true,
        supportBigNumbers: true,
        decimalNumbers: true,
        connectTimeout,
        // Hot statements run prepared (src/db/prepared.ts); a bounded set per connection.
        maxPreparedStatements: PREPARED_PER_CONNECTION,
      },
      // Longer than one connect, so a database that does not answer fails with the connection's own
      // error (ETIMEDOUT, ECONNREFUSED, access denied) rather than knex's "the pool is probably full".
      acquireConnectionTimeout: Math.max(opts.acquireTimeoutMs ?? ACQUIRE_TIMEOUT_MS, connectTimeout + 1000),
      pool: {
        min: 0,
        max: opts.poolMax ?? 10,
        afterCreate: (conn: any, done: (err: Error | null, conn: unknown) => void) => {
          conn.query("SET time_zone = '+00:00'", (err: Error | null) => {
            if (err) return done(err, conn);
            // On a Galera node, wait until this node has applied every write set the cluster has
            // certified: a connection opened on the new writer after a failover then sees everything
            // the old writer acknowledged (src/db/galera.ts). Elsewhere a no-op; a server that does
            // not know the statement (Oracle MySQL) just skips it.
            conn.query('SET STATEMENT wsrep_sync_wait = 1 FOR SELECT 1', () => done(null, conn));
          });
        },
      },
      log: quietLog,
    }),
  );
}

/**
 * knex prepares every statement it runs on better-sqlite3 afresh; the same few hundred SQL texts
 * (a token lookup, a page query) come back on every request, and preparing was the largest single
 * cost of an authenticated request in the GET /me profile (docs/benchmarks.md). A statement is
 * reusable once it has run (knex only calls all() and run(), never leaves an iterator open), and
 * SQLite re-prepares it by itself after a schema change. The least recently used are dropped.
 */
const STATEMENT_CACHE_SIZE = 500;
function cachePreparedStatements(conn: { prepare(sql: string): unknown }): void {
  const prepare = conn.prepare.bind(conn);
  const cache = new Map<string, unknown>();
  conn.prepare = (sql: string) => {
    let statement = cache.get(sql);
    if (statement !== undefined) {
      cache.delete(sql); // re-inserted below: most recently used last
    } else {
      statement = prepare(sql);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    }
    cache.set(sql, statement);
    return statement;
  };
}

/**
 * SQLite transactions start with BEGIN IMMEDIATE instead of knex's deferred BEGIN. A deferred
 * transaction that reads and then writes fails at once with SQLITE_BUSY when another process (a
 * second daemon, a cron `wfctl` run) wrote in between; an immediate one takes the write lock up
 * front and waits for it under busy_timeout, so writers from several processes simply queue.
 */
function beginImmediate(db: Knex): Knex {
  const client = (db as any).client;
  const makeTransaction = client.transaction.bind(client);
  client.transaction = (...args: unknown[]) => {
    const trx = makeTransaction(...args);
    trx.begin = (conn: unknown) => trx.query(conn, 'BEGIN IMMEDIATE;');
    return trx;
  };
  return db;
}

// knex warns on every forUpdate() under SQLite; we call forUpdate() through lockForUpdate instead.
// A lost or refused connection is reported where it matters (a 503 and its log line in the daemon,
// one plain sentence from the CLI), so knex's own copy with a stack trace is dropped as well.
const quietLog = {
  warn(message: string) {
    if (typeof message === 'string' && message.includes('not supported by sqlite')) return;
    if (/^(Acquire connection error|Connection Error)/.test(String(message))) return;
    // Another process migrating: migrateLatest waits for it and says so once (src/db/migrate.ts).
    if (
      /^(Can't take lock to run migrations|If you are sure migrations are not running)/.test(String(message))
    )
      return;
    process.stderr.write(`knex: ${message}\n`);
  },
};

export function dialectOf(db: Knex): Dialect {
  const client = String((db as any).client?.config?.client ?? '');
  return client === 'mysql2' || client === 'mysql' ? 'mysql' : 'sqlite';
}

/**
 * Row locks for the operations. On MySQL `SELECT … FOR UPDATE`; on SQLite nothing is needed,
 * since the single connection already serialises writers.
 */
export function lockForUpdate<T extends Knex.QueryBuilder>(qb: T, db: Knex): T {
  return dialectOf(db) === 'mysql' ? (qb.forUpdate() as T) : qb;
}

/** Shared row locks (`LOCK IN SHARE MODE` on MariaDB): writers that exclude a FOR UPDATE holder but not each other. */
export function lockForShare<T extends Knex.QueryBuilder>(qb: T, db: Knex): T {
  return dialectOf(db) === 'mysql' ? (qb.forShare() as T) : qb;
}

/**
 * `table as alias`, read through `index` on MySQL (FORCE INDEX). For a list like `where tenant_id = ?
 * order by id desc limit 20`, MariaDB's ORDER BY … LIMIT optimisation may walk the primary key
 * backwards, guessing the tenant's rows are spread evenly over the table; when they are the oldest
 * (a large clinic that joined first, a quiet one among busy ones) it reads past every other tenant's
 * rows first: 1 s instead of 1 ms at 1,000,000 invoices (docs/benchmarks.md, fourth round). SQLite
 * plans these through the index by itself.
 */
export function throughIndex(db: Knex, table: string, alias: string, index: string): Knex.QueryBuilder {
  if (dialectOf(db) !== 'mysql') return db(`${table} as ${alias}`);
  return db.from(db.raw('?? as ?? force index (??)', [table, alias, index]));
}

/** For job claims: rows another worker holds are skipped instead of waited for (MySQL 8 / MariaDB 10.6+). */
export function lockSkipLocked<T extends Knex.QueryBuilder>(qb: T, db: Knex): T {
  return dialectOf(db) === 'mysql' ? (qb.forUpdate().skipLocked() as T) : qb;
}

/** Checks the connection; used by health endpoints and at start. */
export async function pingDb(db: Knex): Promise<boolean> {
  try {
    await db.raw('select 1');
    return true;
  } catch {
    return false;
  }
}

/**
 * Refreshes the planner's statistics after a bulk load. Right after hundreds of thousands of rows
 * arrive, MariaDB's stale estimates can pick a full scan for a one-page keyset query (measured:
 * 137 ms instead of 1 ms for page 1 of the attendance list).
 */
export async function refreshStatistics(db: Knex, tables: string[]): Promise<void> {
  if (tables.length === 0) return;
  if (dialectOf(db) === 'mysql') {
    await db.raw(`ANALYZE TABLE ${tables.map(() => '??').join(', ')}`, tables);
  } else {
    for (const table of tables) await db.raw('ANALYZE ??', [table]);
  }
}
