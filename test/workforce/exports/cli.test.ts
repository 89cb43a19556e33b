// `wfctl export` run as a user would, in a child process: CSV on stdout or into --out, a reader that
// leaves early, the LOCK_PENDING refusal and --allow-unlocked. Usage errors naming the flag (exit 2)
// run in the test's process: what they check is the program's answer, not the process's.
import test from 'ava';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, spawnCli } from '../../helpers/cli.js';
import { createTestDb, DIALECTS } from '../../helpers/db.js';
import { createUser } from '../../helpers/workforce.js';
import { insertAttendance, lockFixture, orgWithStaff } from '../partners/fixtures.js';

const HEADER = 'employee_id,organization_code,unit_code,date,status,check_in,check_out,worked_minutes,flags';

for (const dialect of DIALECTS) {
  test.serial(
    `[${dialect}] a reader that leaves early (| head) ends the export quietly, exit 0`,
    async (t) => {
      const tdb = await createTestDb(dialect);
      t.teardown(tdb.destroy);
      const { org, unit, employees } = await orgWithStaff(tdb.db, { employees: 60, code: 'BIG' });
      // ~1,800 lines: well past a pipe's buffer, so the export is still writing when the reader goes.
      await insertAttendance(tdb.db, {
        organizationId: org.id,
        unitId: unit.id,
        employeeIds: employees.map((e) => e.id),
        month: '2026-01',
        days: 30,
      });
      await lockFixture(tdb.db, { organizationId: org.id, month: '2026-01' });
      const r = await spawnCli(['export', '--org', 'BIG', '--month', '2026-01'], {
        databaseUrl: tdb.database.url,
        closeStdoutAfter: 200,
      });
      t.is(r.code, 0, r.stderr);
      t.is(r.stderr, '');
      t.true(r.stdout.startsWith(HEADER));
    },
  );

  test.serial(`[${dialect}] wfctl export writes the locked month as CSV to stdout or --out`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const { org, unit, employees } = await orgWithStaff(tdb.db, {
      employees: 1,
      code: 'CSV',
      unitCode: 'NORTH',
    });
    await insertAttendance(tdb.db, {
      organizationId: org.id,
      unitId: unit.id,
      employeeIds: [employees[0].id],
      month: '2026-01',
      days: 2,
    });
    const cli = (args: string[]) => spawnCli(args, { databaseUrl: tdb.database.url });

    const refused = await cli(['export', '--org', 'CSV', '--month', '2026-01']);
    t.is(refused.code, 2);
    t.regex(refused.stderr, /not locked yet.*--allow-unlocked/);
    t.is(refused.stdout, '');
    const forced = await cli(['export', '--org', 'CSV', '--month', '2026-01', '--allow-unlocked']);
    t.is(forced.code, 0, forced.stderr);
    t.is(forced.stdout.split('\n').length, 4);

    await lockFixture(tdb.db, { organizationId: org.id, month: '2026-01' });
    const code = employees[0].code;
    const expected = [
      HEADER,
      `${code},CSV,NORTH,2026-01-01,present,09:00:00Z,17:30:00Z,510,LATE_CHECK_IN`,
      `${code},CSV,NORTH,2026-01-02,present,09:00:00Z,17:30:00Z,510,`,
      '',
    ].join('\n');
    const stdout = await cli(['export', '--org', 'CSV', '--month', '2026-01']);
    t.is(stdout.code, 0, stdout.stderr);
    t.is(stdout.stdout, expected);

    const dir = mkdtempSync(join(tmpdir(), 'wfctl-export-'));
    const file = join(dir, 'jan.csv');
    const toFile = await cli([
      'export',
      '--org',
      'CSV',
      '--unit',
      'CSV/NORTH',
      '--month',
      '2026-01',
      '--out',
      file,
      '--json',
    ]);
    t.is(toFile.code, 0, toFile.stderr);
    t.deepEqual(toFile.json(), {
      file,
      organization_code: 'CSV',
      unit_code: 'NORTH',
      month: '2026-01',
      records: 2,
    });
    t.is(readFileSync(file, 'utf8'), expected);
    t.false(existsSync(`${file}.partial`));
    t.is(
      await tdb
        .db('audit_entries')
        .where({ event: 'attendance.exported' })
        .count({ n: '*' })
        .first()
        .then((r: any) => Number(r.n)),
      3,
    );
  });

  test.serial(`[${dialect}] wfctl export usage errors name the flag and exit 2`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const { org } = await orgWithStaff(tdb.db, { employees: 1, code: 'CSVB' });
    await lockFixture(tdb.db, { organizationId: org.id, month: '2026-01' });
    const manager = await createUser(tdb.db, { grants: [{ role: 'shift_manager', organizationId: org.id }] });
    const cli = (args: string[]) => runCli(args, { databaseUrl: tdb.database.url });
    const cases: Array<[string[], RegExp]> = [
      [['export', '--month', '2026-01'], /--org/],
      [['export', '--org', 'CSVB', '--month', '2026-13'], /--month/],
      [['export', '--org', 'NOPE', '--month', '2026-01'], /--org.*NOPE|Unknown organization NOPE/],
      [['export', '--org', 'CSVB', '--unit', 'NOPE', '--month', '2026-01'], /--unit|Unknown unit NOPE/],
      [['export', '--org', 'CSVB', '--month', '2026-01', '--actor', manager.email], /export\.create/],
      [['export', '--org', 'CSVB', '--month', '2026-01', '--json'], /--json.*--out/],
      [
        ['export', '--org', 'CSVB', '--month', '2026-01', '--out', '/nonexistent/x.csv'],
        /--out.*does not exist/,
      ],
      [['export', '--org', 'CSVB', '--month', '2026-01', '--out', tmpdir()], /--out.*directory; name a file/],
    ];
    for (const [args, message] of cases) {
      const r = await cli(args);
      t.is(r.code, 2, args.join(' '));
      t.regex(r.stderr, message, args.join(' '));
      // With --json the error is the one JSON document on stdout; otherwise stdout (the CSV) stays empty.
      if (args.includes('--json')) t.is(JSON.parse(r.stdout).code, 'USAGE');
      else t.is(r.stdout, '');
    }
  });
}
