// `wfctl attendance requests list|approve|reject` run as an operator would (issue 28): the same
// operations as HTTP, their JSON, their refusals as exit 2 with the code, nothing changed by them.
import test from 'ava';
import { FixedClock } from '../../../../src/core/clock.js';
import { silentLogger } from '../../../../src/core/logger.js';
import { runOperation } from '../../../../src/core/operation.js';
import { fileCorrectionRequest } from '../../../../src/workforce/attendance/correction-requests/operations/file-request.js';
import { workforceContext } from '../../../../src/workforce/context.js';
import { loadActor } from '../../../../src/workforce/identity/actor.js';
import { runCli } from '../../../helpers/cli.js';
import { createTestDb, DIALECTS } from '../../../helpers/db.js';
import { snapshot } from '../../../helpers/workforce.js';
import { correctionWorld } from './fixtures.js';

const TABLES = ['attendance', 'attendance_correction_requests', 'audit_entries'];

for (const dialect of DIALECTS) {
  test.serial(
    `[${dialect}] list, approve and reject correction requests from the command line`,
    async (t) => {
      const tdb = await createTestDb(dialect);
      t.teardown(tdb.destroy);
      const clock = new FixedClock();
      const services = { db: tdb.db, clock, config: tdb.config, logger: silentLogger };
      const { db } = services;
      const w = await correctionWorld({ services, clock });
      const email = async (id: number) => (await db('users').where({ id }).first('email')).email as string;
      const employee = await loadActor(db, await email(w.employeeUser.id));
      const file = (date: string, check_in: string) =>
        runOperation(fileCorrectionRequest, workforceContext(services, employee), {
          date,
          check_in,
          reason: 'reader down',
        });
      const first = await file('2026-01-01', '2026-01-01T08:30:00Z');
      const second = await file('2026-01-02', '2026-01-02T08:45:00Z');
      const hr = await email(w.hr.id);
      const cli = (args: string[]) => runCli(args, { databaseUrl: tdb.database.url });

      const pending = await cli([
        'attendance',
        'requests',
        'list',
        '--status',
        'pending',
        '--actor',
        hr,
        '--json',
      ]);
      t.is(pending.code, 0, pending.stderr);
      t.deepEqual(
        pending.json().data.map((r: any) => [r.id, r.employee_id, r.date]),
        [
          [first.id, w.employee.code, '2026-01-01'],
          [second.id, w.employee.code, '2026-01-02'],
        ],
      );
      t.is(pending.json().meta.limit, 50);

      // Bad inputs: exit 2, the field or code named, nothing changed.
      const before = await snapshot(db, TABLES);
      const noReason = await cli([
        'attendance',
        'requests',
        'reject',
        String(second.id),
        '--actor',
        hr,
        '--json',
      ]);
      t.is(noReason.code, 2, noReason.stdout + noReason.stderr);
      t.regex(noReason.stdout + noReason.stderr, /--reason/);
      const badMonth = await cli([
        'attendance',
        'requests',
        'list',
        '--month',
        '2026-13',
        '--actor',
        hr,
        '--json',
      ]);
      t.is(badMonth.code, 2, badMonth.stdout + badMonth.stderr);
      t.truthy(badMonth.json().errors['--month']);
      const otherHr = await email(w.otherHr.id);
      const outside = await cli([
        'attendance',
        'requests',
        'approve',
        String(first.id),
        '--yes',
        '--actor',
        otherHr,
        '--json',
      ]);
      t.is(outside.code, 2, outside.stdout + outside.stderr);
      t.deepEqual(await snapshot(db, TABLES), before);

      const approved = await cli([
        'attendance',
        'requests',
        'approve',
        String(first.id),
        '--yes',
        '--actor',
        hr,
        '--json',
      ]);
      t.is(approved.code, 0, approved.stderr);
      t.like(approved.json(), { id: first.id, status: 'approved', lock_id: w.lockId, decided_by: w.hr.id });
      const day = await db('attendance').where({ employee_id: w.employee.id, date: '2026-01-01' }).first();
      t.is(day.check_in, '08:30:00Z');
      t.true(JSON.parse(day.flags).includes('CORRECTED_AFTER_LOCK'));

      const again = await cli([
        'attendance',
        'requests',
        'approve',
        String(first.id),
        '--yes',
        '--actor',
        hr,
        '--json',
      ]);
      t.is(again.code, 2);
      t.is(again.json().code, 'REQUEST_ALREADY_DECIDED');

      const rejected = await cli([
        'attendance',
        'requests',
        'reject',
        String(second.id),
        '--reason',
        'The gate log shows 09:00.',
        '--actor',
        hr,
        '--json',
      ]);
      t.is(rejected.code, 0, rejected.stderr);
      t.like(rejected.json(), { status: 'rejected', decision_reason: 'The gate log shows 09:00.' });
      const decided = await cli([
        'attendance',
        'requests',
        'list',
        '--month',
        '2026-01',
        '--actor',
        hr,
        '--json',
      ]);
      t.deepEqual(
        decided.json().data.map((r: any) => r.status),
        ['approved', 'rejected'],
      );
    },
  );
}
