// The CLI frame, run as a user would: exit codes, --json, config errors, migrate and serve's guard.
import test from 'ava';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDb, DIALECTS } from '../helpers/db.js';
import { runCli, spawnCli } from '../helpers/cli.js';
import { migrateRollback } from '../../src/db/migrate.js';
import { repoFile } from '../../scripts/repo-root.js';

const pkg = JSON.parse(readFileSync(repoFile('package.json'), 'utf8'));

test('--version and --help exit 0', async (t) => {
  const v = await spawnCli(['--version']);
  t.is(v.code, 0);
  t.is(v.stdout.trim(), pkg.version);
  const h = await spawnCli(['--help']);
  t.is(h.code, 0);
  t.regex(h.stdout, /serve/);
  t.regex(h.stdout, /migrate/);
});

test('an unknown command or option is a usage error: exit 2', async (t) => {
  const r = await spawnCli(['frobnicate']);
  t.is(r.code, 2);
  t.regex(r.stderr, /^wfctl: unknown command 'frobnicate'$/m, 'prefixed as every other error');
  const o = await spawnCli(['serve', '--bogus']);
  t.is(o.code, 2);
  t.regex(o.stderr, /^wfctl: unknown option '--bogus'$/m);
});

test('a bad configuration variable is named, exit 2', async (t) => {
  const r = await runCli(['migrate', 'status'], { env: { DATABASE_URL: 'postgres://nope/x' } });
  t.is(r.code, 2);
  t.regex(r.stderr, /DATABASE_URL must start with mysql:\/\/ or sqlite:/);
});

test('serve --only refuses an unknown listener with exit 2', async (t) => {
  const r = await spawnCli(['serve', '--only', 'both']);
  t.is(r.code, 2);
  t.regex(r.stderr, /--only must be workforce or clinic/);
});

for (const dialect of DIALECTS) {
  test(`[${dialect}] migrate status / rollback / latest print JSON when not on a terminal`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const url = tdb.database.url;
    const status = await runCli(['migrate', 'status'], { databaseUrl: url });
    t.is(status.code, 0, status.stderr);
    t.deepEqual(status.json().pending, []);
    const refused = await runCli(['migrate', 'rollback'], { databaseUrl: url });
    t.is(refused.code, 2);
    t.regex(refused.stderr, /--yes/);
    const rolled = await runCli(['migrate', 'rollback', '--all', '--yes', '--json'], { databaseUrl: url });
    t.is(rolled.code, 0, rolled.stderr);
    t.true(rolled.json().rolled_back.length > 0);
    const latest = await runCli(['migrate'], { databaseUrl: url });
    t.is(latest.code, 0, latest.stderr);
    t.deepEqual(latest.json().applied.sort(), rolled.json().rolled_back.sort());
  });
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] a command on a database with a pending migration: SQLite applies it, MySQL refuses`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const [last] = await migrateRollback(tdb.db);
    t.truthy(last);
    const r = await runCli(['org', 'list', '--json'], { databaseUrl: tdb.database.url });
    if (dialect === 'sqlite') {
      t.is(r.code, 0, r.stderr);
      t.deepEqual(r.json().data, []);
      const status = await runCli(['migrate', 'status'], { databaseUrl: tdb.database.url });
      t.deepEqual(status.json().pending, []);
    } else {
      t.is(r.code, 2);
      t.regex(r.stderr, /\d+ pending migration\(s\); run `wfctl migrate` first/);
    }
  });
}

test('a command on a new SQLite file migrates it first', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'wfctl-new-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const r = await runCli(['org', 'list', '--json'], { databaseUrl: `sqlite:${join(dir, 'new.sqlite')}` });
  t.is(r.code, 0, r.stderr);
  t.deepEqual(r.json().data, []);
});

if (DIALECTS.includes('mysql')) {
  test('[mysql] serve refuses to start with pending migrations unless --migrate: exit 2', async (t) => {
    const tdb = await createTestDb('mysql');
    t.teardown(tdb.destroy);
    await migrateRollback(tdb.db, true);
    const r = await spawnCli(['serve'], {
      databaseUrl: tdb.database.url,
      env: { WORKFORCE_PORT: '0', CLINIC_PORT: '0' },
    });
    t.is(r.code, 2);
    t.regex(r.stderr, /pending migration\(s\).*wfctl migrate.*--migrate/);
  });
}
