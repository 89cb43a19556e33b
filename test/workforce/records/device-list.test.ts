// `wfctl device list [--pending]`: the approval queue an operator works from, scoped to the
// organizations where the actor may approve devices; bad flags are exit 2 naming the flag.
import test from 'ava';
import { runCli } from '../../helpers/cli.js';
import { createTestDb, DIALECTS } from '../../helpers/db.js';
import { createDevice, createEmployee, createOrg, createUser } from '../../helpers/workforce.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] device list --pending is the approval queue, within the actor's organizations`, async (t) => {
    const testDb = await createTestDb(dialect);
    t.teardown(() => testDb.destroy());
    const { db } = testDb;
    const cli = (args: string[]) => runCli(args, { databaseUrl: testDb.config.database.url });
    const acme = await createOrg(db, { code: 'ACME' });
    const globex = await createOrg(db, { code: 'GLOBEX' });
    const kiran = await createEmployee(db, { organizationId: acme.id, code: 'E001' });
    const john = await createEmployee(db, { organizationId: globex.id, code: 'G001' });
    const pending = await createDevice(db, kiran.id, 'pixel-8-kiran', 'pending');
    await createDevice(db, kiran.id, 'old-phone', 'approved');
    const other = await createDevice(db, john.id, 'iphone-john', 'pending');
    const hr = await createUser(db, {
      email: 'hr@acme.test',
      grants: [{ role: 'hr', organizationId: acme.id }],
    });

    const all = await cli(['device', 'list', '--pending', '--json']);
    t.is(all.code, 0, all.stderr);
    t.deepEqual(
      JSON.parse(all.stdout).data.map((d: any) => [d.id, d.organization_code, d.employee_id, d.status]),
      [
        [pending, 'ACME', 'E001', 'pending'],
        [other, 'GLOBEX', 'G001', 'pending'],
      ],
    );

    const asHr = await cli(['device', 'list', '--pending', '--actor', hr.email, '--json']);
    t.is(asHr.code, 0, asHr.stderr);
    t.deepEqual(
      JSON.parse(asHr.stdout).data.map((d: any) => d.fingerprint),
      ['pixel-8-kiran'],
    );
    const otherOrg = await cli(['device', 'list', '--org', 'GLOBEX', '--actor', hr.email, '--json']);
    t.not(otherOrg.code, 0);

    const approved = await cli(['device', 'list', '--org', 'ACME', '--status', 'approved', '--json']);
    t.deepEqual(
      JSON.parse(approved.stdout).data.map((d: any) => d.fingerprint),
      ['old-phone'],
    );

    const paged = await cli(['device', 'list', '--limit', '1', '--json']);
    const first = JSON.parse(paged.stdout);
    t.is(first.data.length, 1);
    const next = await cli(['device', 'list', '--limit', '1', '--cursor', first.meta.next_cursor, '--json']);
    t.true(JSON.parse(next.stdout).data[0].id > first.data[0].id);

    const bad = await cli(['device', 'list', '--status', 'lost', '--json']);
    t.is(bad.code, 2);
    t.deepEqual(Object.keys(JSON.parse(bad.stdout).errors), ['--status']);
    const conflict = await cli(['device', 'list', '--pending', '--status', 'approved', '--json']);
    t.is(conflict.code, 2);
    t.deepEqual(Object.keys(JSON.parse(conflict.stdout).errors), ['--status']);
  });
}
