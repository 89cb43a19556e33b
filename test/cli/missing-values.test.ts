// Off a terminal, every missing required value is named in one usage error (issue 14), so a
// script's author fixes them all at once; nothing is asked and nothing runs.
import test from 'ava';
import { runCli } from '../helpers/cli.js';
import { createTestDb } from '../helpers/db.js';

test('offboard with nothing given names the employee and both flags, exit 2', async (t) => {
  const db = await createTestDb('sqlite');
  t.teardown(() => db.destroy());
  const r = await runCli(['offboard', '--json'], { databaseUrl: db.database.url });
  t.is(r.code, 2);
  t.regex(r.stderr, /Missing required options <employee>, --last-day, --reason\./);
  t.deepEqual(Object.keys(r.json().errors), ['<employee>', '--last-day', '--reason']);
});

// Issue 25: `tenant create` needed four runs (the flags, then --owner-name, --owner-email and
// --password-stdin, one error each).
test('tenant create with nothing given names every missing value at once, exit 2', async (t) => {
  const db = await createTestDb('sqlite');
  t.teardown(() => db.destroy());
  const r = await runCli(['tenant', 'create', '--json'], { databaseUrl: db.database.url });
  t.is(r.code, 2);
  const missing = ['--name', '--slug', '--email', '--owner-name', '--owner-email', '--password-stdin'];
  t.deepEqual(Object.keys(r.json().errors), missing);
  t.regex(r.stderr, new RegExp(`Missing required options ${missing.join(', ')}\\.`));
  t.is(
    await db
      .db('tenants')
      .count({ n: '*' })
      .first()
      .then((row) => Number(row?.n)),
    0,
  );
});

test('partner add names kind, url, organizations and the secrets at once, exit 2', async (t) => {
  const db = await createTestDb('sqlite');
  t.teardown(() => db.destroy());
  const r = await runCli(['partner', 'add', 'Paywise', '--json'], { databaseUrl: db.database.url });
  t.is(r.code, 2);
  t.deepEqual(Object.keys(r.json().errors), ['--kind', '--url', '--org', '--secrets-stdin']);
});
