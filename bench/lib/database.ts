// The benchmark's own database, one per dialect, recreated by every run: the MySQL database
// wfctl_bench on the local MariaDB, or var/bench/wfctl_bench.sqlite. Nothing else is touched.
// BENCH_DATABASE names another one, so that two checkouts can benchmark side by side.
import { rmSync } from 'node:fs';
import knexFactory, { type Knex } from 'knex';
import { loadConfig, type Config } from '../../src/config.js';
import { systemClock } from '../../src/core/clock.js';
import { createLogger } from '../../src/core/logger.js';
import type { Services } from '../../src/core/services.js';
import { createDb, type Dialect } from '../../src/db/knex.js';
import { migrateLatest } from '../../src/db/migrate.js';
import { ROOT } from './paths.js';

export const BENCH_DATABASE = benchDatabaseName(process.env.BENCH_DATABASE);

function benchDatabaseName(name: string | undefined): string {
  if (name === undefined || name === '') return 'wfctl_bench';
  if (!/^wfctl_bench[a-z0-9_]*$/.test(name)) {
    process.stderr.write('bench: BENCH_DATABASE must start with wfctl_bench and hold only a-z, 0-9 and _\n');
    process.exit(2);
  }
  return name;
}

export interface BenchDb {
  dialect: Dialect;
  url: string;
  config: Config;
  services: Services;
  /** The MySQL connection parameters for the mysql client baselines (null on SQLite). */
  mysql: { host: string; port: number; user: string; password: string; database: string } | null;
  close(): Promise<void>;
}

export function benchDatabaseUrl(dialect: Dialect, mysqlServer: string, database = BENCH_DATABASE): string {
  if (dialect === 'sqlite') return `sqlite:${ROOT}/var/bench/${database}.sqlite`;
  return `${mysqlServer.replace(/\/+$/, '')}/${database}`;
}

/** The environment every child process (daemon, CLI) gets on top of the parent's. */
export function benchEnv(url: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: url,
    LOG_LEVEL: 'info',
    SCHEDULER_ENABLED: 'false',
    WORKER_ENABLED: 'false',
    // Generous limits: the benchmark measures throughput, not the rate limiter's refusals.
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    EXPORT_RATE_LIMIT_PER_HOUR: '100000',
    PULL_RATE_LIMIT_PER_MINUTE: '100000',
    ...extra,
  };
}

/** Drops and recreates the benchmark database (or another of the benchmark's own), migrates it and opens it. */
export async function resetBenchDb(
  dialect: Dialect,
  mysqlServer: string,
  database = BENCH_DATABASE,
): Promise<BenchDb> {
  const url = benchDatabaseUrl(dialect, mysqlServer, database);
  const config = loadConfig(benchEnv(url));
  if (config.database.client === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm']) rmSync(config.database.filename + suffix, { force: true });
  } else {
    const admin = adminDb(mysqlServer);
    try {
      await admin.raw(`DROP DATABASE IF EXISTS \`${database}\``);
      await admin.raw(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    } finally {
      await admin.destroy();
    }
  }
  const bench = openBenchDb(dialect, mysqlServer, database);
  await migrateLatest(bench.services.db);
  return bench;
}

export function openBenchDb(dialect: Dialect, mysqlServer: string, database = BENCH_DATABASE): BenchDb {
  const url = benchDatabaseUrl(dialect, mysqlServer, database);
  const config = loadConfig(benchEnv(url, { LOG_LEVEL: 'warn' }));
  const db = createDb(config.database, { poolMax: 4 });
  const services: Services = {
    db,
    clock: systemClock,
    config,
    logger: createLogger('warn', process.stderr),
  };
  const d = config.database;
  return {
    dialect,
    url,
    config,
    services,
    mysql:
      d.client === 'mysql'
        ? { host: d.host, port: d.port, user: d.user, password: d.password, database: d.database }
        : null,
    close: () => db.destroy(),
  };
}

function adminDb(mysqlServer: string): Knex {
  const u = new URL(mysqlServer);
  return knexFactory({
    client: 'mysql2',
    connection: {
      host: u.hostname,
      port: Number(u.port || 3306),
      user: decodeURIComponent(u.username || 'root'),
      password: decodeURIComponent(u.password),
    },
    pool: { min: 0, max: 1 },
  });
}

export async function databaseVersion(bench: BenchDb): Promise<string> {
  if (bench.dialect === 'sqlite') {
    const [row] = await bench.services.db.raw('select sqlite_version() as v');
    return `SQLite ${row.v} (better-sqlite3)`;
  }
  const [rows] = await bench.services.db.raw('select version() as v');
  return `MySQL-compatible ${rows[0].v}`;
}

/** How a minimal program (bench/baselines/*.mjs) reaches the benchmark database: its spec's `connection`. */
export function driverConnection(b: BenchDb): BenchDb['mysql'] | { filename: string } {
  return b.mysql ?? { filename: b.config.database.client === 'sqlite' ? b.config.database.filename : '' };
}
