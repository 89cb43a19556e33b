// Migrations on the cluster (issue 22, item 4), on an EMPTY database made through the writer port
// (not createTestDb's migrated clone):
//
// - two daemons started together with migrate: true: whichever takes knex's migration lock first is
//   held at recording its first migration, so the other is sure to find the lock taken; it waits
//   (it says so), then both serve and take writes, and knex_migrations has each name once;
// - a lock left behind by a process that died while migrating (is_locked = 1) makes a daemon wait
//   until `wfctl migrate unlock` (the real program, in a child process) frees it.
//
// The hold is in the daemons' own database clients: a trigger cannot gate knex's bookkeeping
// tables before the first migrator has created them, so the statement that records the first
// migration is held in-process instead, with the lock already taken and committed.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import test from 'ava';
import knexFactory, { type Knex } from 'knex';
import { loadConfig } from '../../src/config.js';
import { FixedClock } from '../../src/core/clock.js';
import type { Logger } from '../../src/core/logger.js';
import { createDb } from '../../src/db/knex.js';
import { migrateUp } from '../../src/db/migrate.js';
import { startDaemon, type Daemon } from '../../src/daemon.js';
import { runCli } from '../helpers/cli.js';
import { urlFor, until } from '../helpers/cluster.js';
import { HttpClient } from '../helpers/http.js';
import { createEmployee, createOrg, createUnit, createUser, tokenFor } from '../helpers/workforce.js';
import { repoFile } from '../../scripts/repo-root.js';

const MIGRATIONS = readdirSync(repoFile('migrations/'))
  .filter((f) => /^\d{8}_\d{2,4}_[a-z0-9_]+\.(ts|js)$/.test(f) && !f.endsWith('.d.ts'))
  .map((f) => f.replace(/\.(ts|js)$/, ''))
  .sort();

function admin(): Knex {
  return knexFactory({
    client: 'mysql2',
    connection: { host: '127.0.0.1', port: 4300, user: 'wfctl' },
    pool: { min: 0, max: 1 },
  });
}

/** An empty database of this test's own, through the writer port; dropped at teardown. */
async function emptyDatabase(t: any) {
  const name = `wfctl_t_mig_${process.pid}_${randomBytes(3).toString('hex')}`;
  const a = admin();
  await a.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await a.destroy();
  const config = loadConfig({
    DATABASE_URL: urlFor(name, 'writer'),
    WORKFORCE_PORT: '0',
    CLINIC_PORT: '0',
    LOG_LEVEL: 'silent',
    APP_ENV: 'test',
  });
  const closers: Array<() => Promise<void>> = [];
  t.teardown(async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    const b = admin();
    await b.raw(`DROP DATABASE IF EXISTS \`${name}\``);
    await b.destroy();
  });
  const db = createDb(config.database, { poolMax: 4 });
  closers.push(() => db.destroy());
  return { name, config, db, closers };
}

/** A logger that remembers the messages it was given. */
function listening(): { logger: Logger; heard: string[] } {
  const heard: string[] = [];
  const logger: Logger = {
    debug: (m) => void heard.push(m),
    info: (m) => void heard.push(m),
    warn: (m) => void heard.push(m),
    error: (m) => void heard.push(m),
    child: () => logger,
  };
  return { logger, heard };
}

const WAITING = 'waiting for another process to finish migrating';

/**
 * Holds every statement matching `sql`, of any knex client in this process, until released. knex
 * runs a transaction's statements on a client made from the dialect's prototype, so that is where
 * the hold goes. (Which daemon reached it is told by its knex's 'query' event, emitted first.)
 */
function holdStatements(t: any, sql: RegExp) {
  const probe = admin();
  let owner = Object.getPrototypeOf((probe as any).client);
  void probe.destroy();
  while (owner && !Object.prototype.hasOwnProperty.call(owner, '_query'))
    owner = Object.getPrototypeOf(owner);
  const original = owner._query;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  owner._query = async function (this: unknown, conn: unknown, obj: { sql: string }) {
    if (sql.test(obj.sql)) await released;
    return original.call(this, conn, obj);
  };
  const restore = () => {
    release();
    owner._query = original;
  };
  t.teardown(restore);
  return { release: restore };
}

/** Whether `db` (or a transaction of it) has sent a statement matching `sql`. */
function sends(db: Knex, sql: RegExp): () => boolean {
  let seen = false;
  db.on('query', (q: { sql: string }) => {
    if (sql.test(q.sql)) seen = true;
  });
  return () => seen;
}

async function serves(t: any, daemon: Daemon, db: Knex) {
  const http = new HttpClient(daemon.listeners.workforce!.url);
  t.is((await http.get('/up')).status, 200);
  const org = await createOrg(db);
  const unit = await createUnit(db, org.id);
  const employee = await createEmployee(db, { organizationId: org.id });
  const user = await createUser(db, { grants: [{ role: 'org_admin', organizationId: org.id }] });
  const res = await http.post(
    '/api/v1/deployments',
    { employee_id: employee.id, organization_unit_id: unit.id, starts_on: '2026-01-01', is_primary: true },
    { token: await tokenFor(daemon.services, user.id) },
  );
  t.is(res.status, 201, res.text);
}

async function recorded(db: Knex): Promise<string[]> {
  return (await db('knex_migrations').orderBy('id').pluck('name')).map(String);
}

test('two daemons starting together on an empty database: the migrations run once, the other waits, both serve', async (t) => {
  const { config, db, closers } = await emptyDatabase(t);
  const clock = new FixedClock();
  const RECORD = /^insert into `knex_migrations`/i;
  const hold = holdStatements(t, RECORD);
  const starts = [0, 1].map(() => {
    const pool = createDb(config.database, { poolMax: 10 });
    const recording = sends(pool, RECORD);
    const { logger, heard } = listening();
    const daemon = startDaemon({ config, db: pool, clock, logger, migrate: true, background: false });
    closers.push(async () => {
      hold.release();
      await (await daemon.catch(() => null))?.stop();
      await pool.destroy();
    });
    return { pool, recording, heard, daemon };
  });
  // One of them took the lock and is held at recording its first migration; the other is refused
  // the lock and waits.
  await until(async () => starts.some((s) => s.recording()), 'a daemon holding the migration lock');
  const holder = starts.find((s) => s.recording())!;
  const waiter = starts.find((s) => s !== holder)!;
  await until(async () => waiter.heard.includes(WAITING), 'the other daemon waiting for the lock');
  t.false(waiter.recording(), 'the waiter recorded no migration');
  const [lock] = await db('knex_migrations_lock').select('is_locked');
  t.is(Number(lock.is_locked), 1);
  hold.release();
  const daemons = await Promise.all(starts.map((s) => s.daemon));

  const names = await recorded(db);
  t.deepEqual(names, MIGRATIONS, 'each migration recorded once, in order');
  t.is(new Set((await db('knex_migrations').pluck('batch')).map(Number)).size, 1, 'in one batch');
  t.is(Number((await db('knex_migrations_lock').first('is_locked')).is_locked), 0);
  t.false(holder.heard.includes(WAITING));
  for (const [i, d] of daemons.entries()) await serves(t, d, starts[i]!.pool);
});

test('a lock left by a dead migrator makes a daemon wait until `wfctl migrate unlock` frees it', async (t) => {
  const { name, config, db, closers } = await emptyDatabase(t);
  // The dead process: it created knex's tables, applied the first migration, took the lock for the
  // rest and died.
  t.is(await migrateUp(db), MIGRATIONS[0]);
  await db('knex_migrations_lock').update({ is_locked: 1 });

  const pool = createDb(config.database, { poolMax: 10 });
  const { logger, heard } = listening();
  const starting = startDaemon({
    config,
    db: pool,
    clock: new FixedClock(),
    logger,
    migrate: true,
    background: false,
  });
  closers.push(async () => {
    await (await starting.catch(() => null))?.stop();
    await pool.destroy();
  });
  let started = false;
  void starting.then(() => (started = true)).catch(() => undefined);
  await until(async () => heard.includes(WAITING), 'the daemon waiting for the lock');
  t.false(started);
  t.deepEqual(await recorded(db), [MIGRATIONS[0]], 'nothing migrated while the lock is held');

  const cli = await runCli(['migrate', 'unlock', '--json'], { databaseUrl: urlFor(name, 'writer') });
  t.is(cli.code, 0, cli.stderr);
  t.like(cli.json(), { unlocked: true });

  const daemon = await starting;
  t.deepEqual(await recorded(db), MIGRATIONS);
  t.is(Number((await db('knex_migrations_lock').first('is_locked')).is_locked), 0);
  await serves(t, daemon, pool);
});
