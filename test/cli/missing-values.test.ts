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

// Issue 25: the irreversible `fy close` ran without asking. Off a terminal it needs --yes, named; but
// a year that cannot close says why first (its checklist), since --yes would not have helped.
test('fy close off a terminal without --yes: the checklist first, then --yes named; exit 2, the year still open', async (t) => {
  const db = await createTestDb('sqlite');
  t.teardown(() => db.destroy());
  const [orgId] = await db.db('organizations').insert({
    code: 'ACME',
    name: 'Acme',
    timezone: 'UTC',
    status: 'active',
    is_active: true,
    created_at: '2026-01-01 00:00:00.000',
    updated_at: '2026-01-01 00:00:00.000',
  });
  await db.db('financial_years').insert({
    organization_id: orgId,
    name: 'FY2025',
    starts_on: '2025-04-01',
    ends_on: '2026-03-31',
    status: 'open',
    created_at: '2026-01-01 00:00:00.000',
    updated_at: '2026-01-01 00:00:00.000',
  });
  const unmet = await runCli(['fy', 'close', 'ACME/FY2025', '--json'], { databaseUrl: db.database.url });
  t.is(unmet.code, 2);
  t.is(unmet.json().code, 'CLOSE_CHECKLIST_UNMET');
  t.notRegex(unmet.stderr, /--yes/);
  // With every month locked and nothing pending, the one thing missing is --yes.
  await db.db('financial_years').update({ starts_on: '2025-04-01', ends_on: '2025-04-30' });
  const [userId] = await db.db('users').insert({
    name: 'Locker',
    email: 'locker@acme.test',
    password_hash: 'x',
    created_at: '2026-01-01 00:00:00.000',
    updated_at: '2026-01-01 00:00:00.000',
  });
  await db.db('attendance_locks').insert({
    organization_id: orgId,
    organization_unit_id: null,
    month: '2025-04',
    scope_key: 'org',
    locked_by: userId,
    created_at: '2026-01-01 00:00:00.000',
  });
  const r = await runCli(['fy', 'close', 'ACME/FY2025', '--json'], { databaseUrl: db.database.url });
  t.is(r.code, 2, r.stderr);
  t.regex(r.stderr, /Close financial year ACME\/FY2025\? This cannot be undone\. Refusing without --yes/);
  t.deepEqual(Object.keys(r.json().errors), ['--yes']);
  t.is((await db.db('financial_years').first('status')).status, 'open');
});
