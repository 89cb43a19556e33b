import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { ConfigError, loadConfig, parseDatabaseUrl } from '../../src/config.js';
import { ROOT } from '../../scripts/repo-root.js';

test('defaults: embedded SQLite, ports 8080 and 8081', (t) => {
  const c = loadConfig({});
  const filename = join(ROOT, 'var/wfctl.sqlite');
  t.deepEqual(c.database, { client: 'sqlite', filename, url: `sqlite:${filename}` });
  t.is(c.workforcePort, 8080);
  t.is(c.clinicPort, 8081);
  t.is(c.workforce.tokenTtlWebDays, 30);
  t.is(c.workforce.tokenTtlMobileDays, 180);
  t.deepEqual(c.clinic.clients, ['clinic-web', 'owner-app']);
});

test('a bad variable fails with a message that names it', (t) => {
  const err = t.throws(() => loadConfig({ WORKFORCE_PORT: 'eighty' }), { instanceOf: ConfigError });
  t.is(err!.variable, 'WORKFORCE_PORT');
  t.regex(err!.message, /WORKFORCE_PORT must be a whole number between 0 and 65535 \(got "eighty"\)/);
});

test('out-of-range and enum violations name the variable', (t) => {
  t.regex(t.throws(() => loadConfig({ CLINIC_PORT: '70000' }))!.message, /CLINIC_PORT must be at most 65535/);
  t.regex(t.throws(() => loadConfig({ LOG_LEVEL: 'loud' }))!.message, /LOG_LEVEL must be one of/);
  t.regex(
    t.throws(() => loadConfig({ SCHEDULER_ENABLED: 'maybe' }))!.message,
    /SCHEDULER_ENABLED must be true or false/,
  );
});

test('PASSWORD_HASH_COST: 10 by default, up to 15; below 10 only for a test suite', (t) => {
  t.is(loadConfig({}).passwordHashCost, 10);
  t.is(loadConfig({ PASSWORD_HASH_COST: '12' }).passwordHashCost, 12);
  t.is(loadConfig({ PASSWORD_HASH_COST: '4', APP_ENV: 'test' }).passwordHashCost, 4);
  const low = t.throws(() => loadConfig({ PASSWORD_HASH_COST: '4' }), { instanceOf: ConfigError });
  t.is(low!.variable, 'PASSWORD_HASH_COST');
  t.regex(low!.message, /must be at least 10 \(got 4\); a lower cost is allowed only with APP_ENV=test/);
  t.regex(
    t.throws(() => loadConfig({ PASSWORD_HASH_COST: '3', APP_ENV: 'test' }))!.message,
    /PASSWORD_HASH_COST must be at least 4/,
  );
  t.regex(
    t.throws(() => loadConfig({ PASSWORD_HASH_COST: '16' }))!.message,
    /PASSWORD_HASH_COST must be at most 15/,
  );
});

test('DATABASE_URL: mysql URLs are parsed, unknown schemes refused by name', (t) => {
  t.deepEqual(parseDatabaseUrl('mysql://app:s%40cret@db.local:3307/wf'), {
    client: 'mysql',
    url: 'mysql://app:s%40cret@db.local:3307/wf',
    host: 'db.local',
    port: 3307,
    user: 'app',
    password: 's@cret',
    database: 'wf',
  });
  t.is(parseDatabaseUrl('sqlite:/tmp/x.sqlite').client, 'sqlite');
  t.regex(
    t.throws(() => loadConfig({ DATABASE_URL: 'postgres://x/y' }))!.message,
    /DATABASE_URL must start with/,
  );
  t.regex(
    t.throws(() => loadConfig({ DATABASE_URL: 'mysql://root@localhost' }))!.message,
    /DATABASE_URL must name a database/,
  );
});

test('PUBLIC_URL defaults to the clinic listener, and a bad one is named', (t) => {
  t.is(loadConfig({}).clinic.publicUrl, 'http://127.0.0.1:8081');
  t.is(loadConfig({ HOST: '0.0.0.0', CLINIC_PORT: '9001' }).clinic.publicUrl, 'http://127.0.0.1:9001');
  t.is(loadConfig({ PUBLIC_URL: 'https://pets.example/' }).clinic.publicUrl, 'https://pets.example');
  t.regex(
    t.throws(() => loadConfig({ PUBLIC_URL: 'pets.example' }))!.message,
    /PUBLIC_URL must be an http\(s\) URL/,
  );
});

test('SHUTDOWN_GRACE_SECONDS sets the drain; the old SHUTDOWN_TIMEOUT_MS is still read, in milliseconds, with a warning', (t) => {
  t.is(loadConfig({}).shutdownGraceMs, 10_000);
  t.deepEqual(loadConfig({}).deprecations, []);
  t.is(loadConfig({ SHUTDOWN_GRACE_SECONDS: '3' }).shutdownGraceMs, 3000);
  const legacy = loadConfig({ SHUTDOWN_TIMEOUT_MS: '2500' });
  t.is(legacy.shutdownGraceMs, 2500);
  t.deepEqual(legacy.deprecations, [
    'SHUTDOWN_TIMEOUT_MS is deprecated: set SHUTDOWN_GRACE_SECONDS=3 instead.',
  ]);
  t.is(loadConfig({ SHUTDOWN_TIMEOUT_MS: '2500', SHUTDOWN_GRACE_SECONDS: '7' }).shutdownGraceMs, 7000);
  t.throws(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: 'soon' }), { message: /SHUTDOWN_TIMEOUT_MS/ });
  t.throws(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: '-1' }), { message: /SHUTDOWN_GRACE_SECONDS/ });
});

test('METRICS_PORT: empty or 0 is off; a port turns the listener on at METRICS_HOST (127.0.0.1 by default)', (t) => {
  t.is(loadConfig({}).metrics, null);
  t.is(loadConfig({ METRICS_PORT: '' }).metrics, null);
  t.is(loadConfig({ METRICS_PORT: '0' }).metrics, null);
  t.deepEqual(loadConfig({ METRICS_PORT: '9464' }).metrics, { port: 9464, host: '127.0.0.1' });
  t.deepEqual(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics, {
    port: 9464,
    host: '10.0.0.5',
  });
  t.regex(
    t.throws(() => loadConfig({ METRICS_PORT: 'ninety' }))!.message,
    /METRICS_PORT must be a whole number/,
  );
  t.regex(
    t.throws(() => loadConfig({ METRICS_PORT: '70000' }))!.message,
    /METRICS_PORT must be at most 65535/,
  );
  t.regex(t.throws(() => loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '  ' }))!.message, /METRICS_HOST/);
});

// Issue 25: from another directory `wfctl org list` created and migrated an empty ./var/wfctl.sqlite.
test("the default ./var/ is the install directory's whatever the working directory; a path set stays as set", (t) => {
  const elsewhere = mkdtempSync(join(tmpdir(), 'wfctl-cwd-'));
  const before = process.cwd();
  process.chdir(elsewhere);
  t.teardown(() => {
    process.chdir(before);
    rmSync(elsewhere, { recursive: true, force: true });
  });
  const c = loadConfig({});
  t.is(c.database.client === 'sqlite' && c.database.filename, join(ROOT, 'var/wfctl.sqlite'));
  t.is(c.mail.dir, join(ROOT, 'var/mail'));
  t.is(c.clinic.storageDir, join(ROOT, 'var/storage'));
  const explicit = loadConfig({ DATABASE_URL: 'sqlite:./mine.sqlite', MAIL_DIR: './outbox' });
  t.is(explicit.database.client === 'sqlite' && explicit.database.filename, './mine.sqlite');
  t.is(explicit.mail.dir, './outbox');
});
