// Issue 25, point 7: views show what the operator types (codes, e-mails), not internal ids, and an
// unknown name is refused with the nearest existing one; point 8: times in a view are on the
// organization's wall clock with the zone shown.
import test from 'ava';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nearestName } from '../../src/core/near-match.js';
import { formatTime } from '../../src/cli/time.js';
import { runCli } from '../helpers/cli.js';
import { createTestDb, DIALECTS } from '../helpers/db.js';
import { openTerminal, terminalTest } from '../helpers/tty.js';
import { createEmployee, createOrg, createUnit, createUser } from '../helpers/workforce.js';

test('nearestName: the same letters in another case first, then the fewest edits, else none', (t) => {
  t.is(nearestName('acme', ['GLOBEX', 'ACME']), 'ACME');
  t.is(nearestName('ACEM', ['GLOBEX', 'ACME']), 'ACME');
  t.is(nearestName('E04', ['E042', 'A1001']), 'E042');
  t.is(nearestName('happy-pawz', ['happy-paws', 'city-pharmacy']), 'happy-paws');
  t.is(nearestName('XYZ', ['ACME', 'GLOBEX']), null);
});

test('formatTime: one format, on the zone’s wall clock, with the zone shown', (t) => {
  t.is(formatTime('2026-11-27T08:35:00.000Z', 'Asia/Kolkata'), '2026-11-27 14:05 +05:30');
  t.is(formatTime('2026-11-27T23:35:00Z', 'Asia/Kathmandu'), '2026-11-28 05:20 +05:45');
  t.is(formatTime('2026-11-27T08:35:00Z'), '2026-11-27 08:35 UTC');
  t.is(formatTime(null, 'Asia/Kolkata'), null);
});

for (const dialect of DIALECTS) {
  test(`[${dialect}] an unknown organization, unit, employee or tenant is exit 2 with the nearest name`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(() => tdb.destroy());
    const org = await createOrg(tdb.db, { code: 'ACME' });
    const unit = await createUnit(tdb.db, org.id, { code: 'BLR' });
    await createEmployee(tdb.db, { organizationId: org.id, unitId: unit.id, code: 'E042' });
    const cli = (args: string[]) => runCli([...args, '--json'], { databaseUrl: tdb.database.url });
    const retiring = ['--effective-date', '2099-01-31', '--reason', 'x', '--yes'];
    const out = join(tmpdir(), `wfctl-names-${process.pid}.csv`);
    const cases: Array<[string[], string, RegExp]> = [
      // (Not `acme`: MySQL compares codes without case, so there `acme` is ACME itself.)
      [['locks', '--org', 'ACMF'], '--org', /^--org: no organization ACMF\. Did you mean ACME\?$/],
      [['employee', 'list', '--org', 'ACEM'], '--org', /Did you mean ACME\?/],
      [['employee', 'show', 'E04'], 'EMPLOYEE', /^EMPLOYEE: no employee E04\. Did you mean E042\?$/],
      [
        ['transfer', 'E042', '--to', 'ACME/BRL', '--on', '2026-01-01', '--yes'],
        '--to',
        /Did you mean ACME\/BLR\?/,
      ],
      [['lock', '--org', 'ACME', '--unit', 'BRL', '--month', '2026-01'], '--unit', /Did you mean BLR\?/],
      // Resolved inside their operations, named by the argument or flag that gave them.
      [
        ['org', 'retire', 'ACMF', ...retiring],
        'ORGANIZATION',
        /^ORGANIZATION: no organization ACMF\. Did you mean ACME\?$/,
      ],
      [['unit', 'retire', 'ACME/BRL', ...retiring], 'UNIT', /Did you mean ACME\/BLR\?$/],
      [
        ['unit', 'retire', 'ACME/BLR', ...retiring, '--transfer', 'E04=ACME/BLR'],
        '--transfer',
        /^--transfer: no employee E04\. Did you mean E042\?$/,
      ],
      [
        ['deployment', 'create', 'E042', '--unit', 'ACME/BRL', '--from', '2026-01-01', '--yes'],
        '--unit',
        /Did you mean ACME\/BLR\?$/,
      ],
      [
        ['export', '--org', 'ACME', '--unit', 'BRL', '--month', '2026-01', '--out', out],
        '--unit',
        /^--unit: no unit BRL in this organization\. Did you mean BLR\?$/,
      ],
      // No tenant exists: nothing near to offer.
      [
        ['pet', 'list', '--tenant', 'happy-pawz'],
        '--tenant',
        /^--tenant: no tenant happy-pawz with that id or slug\.$/,
      ],
      ...[
        ['tenant', 'member', 'list'],
        ['tenant', 'reminders'],
        ['tenant', 'profile'],
      ].map((words): [string[], string, RegExp] => [
        [...words, 'happy-pawz'],
        'TENANT',
        /^TENANT: no tenant happy-pawz with that id or slug\.$/,
      ]),
      ...[
        ['gateway', 'events'],
        ['clinic', 'recount'],
        ['clinic', 'reminders', 'preview', '--date', '2026-12-01'],
      ].map((words): [string[], string, RegExp] => [
        [...words, '--tenant', 'happy-pawz'],
        '--tenant',
        /^--tenant: no tenant happy-pawz with that id or slug\.$/,
      ]),
    ];
    for (const [args, flag, message] of cases) {
      const r = await cli(args);
      t.is(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      t.regex(r.json().errors[flag][0], message, args.join(' '));
    }
  });
}

terminalTest(
  'employee show and lock on a terminal: codes and e-mails, times in the organization’s zone',
  async (t) => {
    const tdb = await createTestDb('sqlite');
    t.teardown(() => tdb.destroy());
    const org = await createOrg(tdb.db, { code: 'ACME', timezone: 'Asia/Kolkata' });
    const unit = await createUnit(tdb.db, org.id, { code: 'BLR' });
    const user = await createUser(tdb.db, { email: 'asha@acme.test' });
    await createEmployee(tdb.db, { organizationId: org.id, unitId: unit.id, code: 'E042', userId: user.id });
    const env = { DATABASE_URL: tdb.database.url };

    const show = openTerminal(['employee', 'show', 'E042'], { width: 80, env });
    t.teardown(() => show.close());
    t.is(await show.exitCode(), 0);
    const screen = show.screen();
    t.regex(screen, /organization\s+ACME\b/);
    t.regex(screen, /user\s+asha@acme\.test/);
    t.regex(screen, /ACME\/BLR/);
    t.notRegex(screen, /organization\s+\d/);

    const lock = openTerminal(['lock', '--org', 'ACME', '--month', '2026-01'], { width: 80, env });
    t.teardown(() => lock.close());
    t.is(await lock.exitCode(), 0, lock.screen());
    t.regex(lock.screen(), /locked at\s+\d{4}-\d\d-\d\d \d\d:\d\d \+05:30/);
  },
);

terminalTest(
  'clinic tables show times on the tenant’s wall clock: mail of an Asia/Kolkata clinic in +05:30',
  async (t) => {
    const tdb = await createTestDb('sqlite');
    t.teardown(() => tdb.destroy());
    const at = '2026-11-27 08:35:00.000';
    const tenant = async (slug: string, timezone: string) =>
      Number(
        (
          await tdb.db('tenants').insert({
            name: slug,
            slug,
            email: `${slug}@example.test`,
            timezone,
            created_at: at,
            updated_at: at,
          })
        )[0],
      );
    const mail = (tenantId: number | null, subject: string) => ({
      from_name: 'wfctl',
      from_address: 'noreply@example.test',
      to_address: 'owner@example.test',
      tenant_id: tenantId,
      subject,
      body: 'hello',
      status: 'sent',
      attempts: 1,
      job_name: 'SendCaregiverInviteEmailJob',
      created_at: at,
      updated_at: at,
    });
    await tdb
      .db('mail_outbox')
      .insert([
        mail(await tenant('paws', 'Asia/Kolkata'), 'from paws'),
        mail(await tenant('nyc-vets', 'America/New_York'), 'from nyc'),
        mail(null, 'from no tenant'),
      ]);
    const list = openTerminal(['mail', 'list'], { width: 120, env: { DATABASE_URL: tdb.database.url } });
    t.teardown(() => list.close());
    t.is(await list.exitCode(), 0, list.screen());
    const line = (subject: string) =>
      list
        .screen()
        .split('\n')
        .find((l) => l.includes(subject)) ?? '';
    t.regex(line('from paws'), /2026-11-27 14:05 \+05:30/);
    t.regex(line('from nyc'), /2026-11-27 03:35 -05:00/);
    t.regex(line('from no tenant'), /2026-11-27 08:35 UTC/);
  },
);
