// A fresh, migrated database per call, on SQLite or MySQL, copied from a template migrated once. MySQL is MariaDB at TEST_MYSQL_URL
// (default mysql://root@127.0.0.1:3306). Without a reachable MySQL the MySQL half is skipped with a
// loud warning on a developer's machine, and fails the run under CI=true.
import { copyFileSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { ROOT } from '../../scripts/repo-root.js';
import { loadConfig, type Config, type DatabaseConfig } from '../../src/config.js';
import { createDb } from '../../src/db/knex.js';
import { migrateLatest } from '../../src/db/migrate.js';

export type Dialect = 'sqlite' | 'mysql';

const MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const ONLY = process.env.TEST_DIALECT as Dialect | undefined; // run one dialect while iterating locally

async function mysqlReachable(): Promise<boolean> {
  const admin = adminConnection();
  try {
    await admin.raw('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await admin.destroy();
  }
}

function adminConnection(): Knex {
  const u = new URL(MYSQL_URL);
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

async function resolveDialects(): Promise<Dialect[]> {
  if (ONLY === 'sqlite') return ['sqlite'];
  const reachable = await mysqlReachable();
  if (!reachable) {
    if (process.env.CI === 'true' || process.env.CI === '1' || ONLY === 'mysql') {
      throw new Error(`MySQL is not reachable at ${MYSQL_URL}; under CI every test must also run on MySQL.`);
    }
    process.stderr.write(
      `\n!!! WARNING: MySQL is not reachable at ${MYSQL_URL}: the MySQL half of the suite is SKIPPED.\n` +
        '!!! Start MariaDB (see .ci/run) or set TEST_MYSQL_URL before trusting a green run.\n\n',
    );
    return ONLY === 'mysql' ? [] : ['sqlite'];
  }
  return ONLY === 'mysql' ? ['mysql'] : ['sqlite', 'mysql'];
}

/** The dialects this run covers: both, unless MySQL is unreachable outside CI. */
export const DIALECTS: Dialect[] = await resolveDialects();

let counter = 0;

export interface TestDb {
  dialect: Dialect;
  db: Knex;
  database: DatabaseConfig;
  /** A Config pointing at this database (ports 0, silent logs). */
  config: Config;
  destroy(): Promise<void>;
}

export async function createTestDb(
  dialect: Dialect,
  overrides: Record<string, string> = {},
): Promise<TestDb> {
  const name = `wfctl_t_${process.pid}_${++counter}_${randomBytes(3).toString('hex')}`;
  let url: string;
  let cleanup: () => Promise<void>;
  if (dialect === 'sqlite') {
    const file = join(tmpdir(), `${name}.sqlite`);
    copyFileSync(await sqliteTemplate(), file);
    url = `sqlite:${file}`;
    cleanup = async () => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    };
  } else {
    await cloneMysqlTemplate(name);
    const u = new URL(MYSQL_URL);
    u.pathname = `/${name}`;
    url = u.toString();
    cleanup = async () => {
      const a = adminConnection();
      await a.raw(`DROP DATABASE IF EXISTS \`${name}\``);
      await a.destroy();
    };
  }
  // Mail written by the file transport stays in the test's own directory, removed with it.
  const mailDir = join(tmpdir(), `${name}-mail`);
  const config = loadConfig({
    DATABASE_URL: url,
    WORKFORCE_PORT: '0',
    CLINIC_PORT: '0',
    LOG_LEVEL: 'silent',
    APP_ENV: 'test',
    // Throw-away accounts: bcrypt's least work. At the product's 10, hashing and comparing were a
    // quarter of the fast lane's CPU (1,184 of them at 85 ms each).
    PASSWORD_HASH_COST: '4',
    MAIL_DIR: mailDir,
    DB_CONNECT_TIMEOUT_MS: '30000',
    ...overrides,
  });
  // A generous connect budget: a test worker's event loop is shared by concurrent tests (a SQLite
  // bulk fill blocks it for seconds), and mysql2's connect timer would fire before the handshake's
  // packets are read. The product's own 4 s default is tested where it matters (operating-problems).
  const db = createDb(config.database, { poolMax: 10, connectTimeoutMs: config.dbConnectTimeoutMs });
  let destroyed = false;
  return {
    dialect,
    db,
    database: config.database,
    config,
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await db.destroy();
      await cleanup();
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
}

// Migrating a SQLite database costs about 0.2 s of CPU (0.5 s on a loaded machine), paid by every
// test: instead one template file per migration set (named by their hash) is migrated once, shared
// by every worker and run, and copied per test. Workers that find it missing each migrate their
// own and rename it into place: the rename is atomic and every candidate is the same, so the race
// is harmless. The template is left in rollback-journal mode so that it is one file; each test's
// connections switch their copy to WAL as the program's do (src/db/knex.ts).
let sqliteTemplateFile: Promise<string> | null = null;

function sqliteTemplate(): Promise<string> {
  sqliteTemplateFile ??= (async () => {
    const file = join(tmpdir(), `wfctl_tpl_${migrationsHash()}.sqlite`);
    if (existsSync(file)) return file;
    const building = `${file}.${process.pid}.${randomBytes(3).toString('hex')}`;
    const db = createDb(loadConfig({ DATABASE_URL: `sqlite:${building}` }).database, { poolMax: 1 });
    try {
      await migrateLatest(db);
      await db.raw('PRAGMA journal_mode = DELETE');
    } finally {
      await db.destroy();
    }
    renameSync(building, file);
    return file;
  })();
  return sqliteTemplateFile;
}

// Migrating a MySQL database per test costs seconds (knex issues one ALTER per index and foreign
// key). Instead, one template database per migration set is migrated once (shared by every worker
// and run, named by a hash of the migration files) and each test database is cloned from it with
// SHOW CREATE TABLE statements plus the rows the migrations inserted.
interface Template {
  name: string;
  creates: string[];
  withRows: string[];
}

let template: Promise<Template> | null = null;

function migrationsHash(): string {
  const dir = join(ROOT, 'migrations/');
  const h = createHash('sha256');
  for (const f of readdirSync(dir).sort()) h.update(f).update(readFileSync(dir + f));
  return h.digest('hex').slice(0, 16);
}

async function mysqlTemplate(): Promise<Template> {
  const name = `wfctl_tpl_${migrationsHash()}`;
  const admin = adminConnection();
  try {
    await admin.raw("SELECT GET_LOCK('wfctl_test_template', 120)");
    const exists = await admin.raw(
      'SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?',
      [name],
    );
    const ready = exists[0].length
      ? await admin.raw('SELECT 1 FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?', [
          name,
          'wfctl_template_ready',
        ])
      : [[]];
    if (!ready[0].length) {
      // Templates of older migration sets are garbage once no run has used them for hours: several
      // checkouts (git worktrees) with different migrations share this server, each cloning from
      // its own template for as long as its run lasts, so age alone would drop one still in use.
      const [candidates] = await admin.raw(
        "SELECT TABLE_SCHEMA AS s FROM information_schema.TABLES WHERE TABLE_SCHEMA LIKE 'wfctl\\_tpl\\_%' " +
          "AND TABLE_NAME = 'wfctl_template_ready'",
      );
      for (const { s } of candidates) {
        const [used] = await admin
          .raw(`SELECT MAX(used_at) < NOW() - INTERVAL 6 HOUR AS idle FROM \`${s}\`.wfctl_template_ready`)
          .catch(() => [[{ idle: 0 }]]);
        if (Number(used[0]?.idle) === 1) await admin.raw(`DROP DATABASE IF EXISTS \`${s}\``);
      }
      // A template left half-migrated by a killed run is made again.
      await admin.raw(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      const u = new URL(MYSQL_URL);
      u.pathname = `/${name}`;
      const db = createDb(loadConfig({ DATABASE_URL: u.toString() }).database, { poolMax: 1 });
      try {
        await migrateLatest(db);
      } finally {
        await db.destroy();
      }
      await admin.raw(`CREATE TABLE \`${name}\`.wfctl_template_ready (used_at datetime NOT NULL)`);
    }
    await admin.raw(`INSERT INTO \`${name}\`.wfctl_template_ready (used_at) VALUES (NOW())`);
    const tables: Array<{ TABLE_NAME: string }> = (
      await admin.raw(
        "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME <> 'wfctl_template_ready'",
        [name],
      )
    )[0];
    const creates: string[] = [];
    const withRows: string[] = [];
    for (const { TABLE_NAME: t } of tables) {
      const [rows] = await admin.raw(`SHOW CREATE TABLE \`${name}\`.\`${t}\``);
      creates.push(rows[0]['Create Table']);
      const [count] = await admin.raw(`SELECT COUNT(*) AS n FROM \`${name}\`.\`${t}\``);
      if (Number(count[0].n) > 0) withRows.push(t);
    }
    return { name, creates, withRows };
  } finally {
    await admin.raw("SELECT RELEASE_LOCK('wfctl_test_template')").catch(() => {});
    await admin.destroy();
  }
}

async function cloneMysqlTemplate(target: string): Promise<void> {
  template ??= mysqlTemplate();
  const tpl = await template;
  const admin = adminConnection();
  try {
    await admin.raw(`CREATE DATABASE \`${target}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.transaction(async (trx) => {
      await trx.raw(`USE \`${target}\``);
      await trx.raw('SET FOREIGN_KEY_CHECKS = 0');
      for (const create of tpl.creates) await trx.raw(create);
      for (const t of tpl.withRows)
        await trx.raw(`INSERT INTO \`${t}\` SELECT * FROM \`${tpl.name}\`.\`${t}\``);
      await trx.raw('SET FOREIGN_KEY_CHECKS = 1');
    });
  } finally {
    await admin.destroy();
  }
}
