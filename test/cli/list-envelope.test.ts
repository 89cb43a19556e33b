// Every list command prints one envelope with --json (issue 25): `{data: [...], meta: {...}}`, where
// paging (next_cursor, current_page, next_before) and what the list is of (an organization, a year)
// live in meta. There were four: data+meta, jobs, data+next_before, months.
import test from 'ava';
import { runCli } from '../helpers/cli.js';
import { createTestDb, DIALECTS } from '../helpers/db.js';

const LISTS = [
  ['org', 'list'],
  ['unit', 'list'],
  ['employee', 'list'],
  ['device', 'list'],
  ['user', 'list'],
  ['partner', 'list'],
  ['partner', 'deliveries'],
  ['locks', '--org', 'ACME'],
  ['fy', 'list', '--org', 'ACME'],
  ['jobs'],
  ['schedule'],
  ['mail', 'list'],
  ['tenant', 'list'],
  ['tenant', 'member', 'list', 'happy-paws'],
  ['client', 'list', '--tenant', 'happy-paws'],
  ['pet', 'list', '--tenant', 'happy-paws'],
  ['appointment', 'list', '--tenant', 'happy-paws'],
  ['invoice', 'list', '--tenant', 'happy-paws'],
  ['order', 'list', '--tenant', 'happy-paws'],
  ['gateway', 'events'],
];

for (const dialect of DIALECTS) {
  test(`[${dialect}] every list command's --json is {data: [...], meta: {...}}`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(() => tdb.destroy());
    const cli = (args: string[]) => runCli(args, { databaseUrl: tdb.database.url });
    const seeded = await cli(['seed', '--json']);
    t.is(seeded.code, 0, seeded.stderr);
    // Four at a time: each is a whole process.
    for (let i = 0; i < LISTS.length; i += 4) {
      await Promise.all(
        LISTS.slice(i, i + 4).map(async (args) => {
          const r = await cli([...args, '--json']);
          t.is(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
          const body = r.json();
          t.deepEqual(Object.keys(body).sort(), ['data', 'meta'], args.join(' '));
          t.true(Array.isArray(body.data), args.join(' '));
          t.is(typeof body.meta, 'object', args.join(' '));
        }),
      );
    }
    const grid = (await cli(['locks', '--org', 'ACME', '--year', '2026', '--json'])).json();
    t.like(grid.meta, { organization_code: 'ACME', year: 2026 });
    t.is(grid.data.length, 12);
    t.true('next_before' in (await cli(['mail', 'list', '--json'])).json().meta);
  });
}
