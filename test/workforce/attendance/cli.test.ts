// `wfctl lock`, `wfctl unlock`, `wfctl locks` run as a user would, against a test database.
import test from 'ava';
import { FixedClock } from '../../../src/core/clock.js';
import { silentLogger } from '../../../src/core/logger.js';
import type { Services } from '../../../src/core/services.js';
import { runCli } from '../../helpers/cli.js';
import { createTestDb, DIALECTS } from '../../helpers/db.js';
import { snapshot } from '../../helpers/workforce.js';
import { fillMonth, lockedCount, orgWorld } from './fixtures.js';

for (const dialect of DIALECTS) {
  test.serial(`[${dialect}] lock, locks and unlock from the command line`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const services: Services = {
      db: tdb.db,
      clock: new FixedClock(),
      config: tdb.config,
      logger: silentLogger,
    };
    const { db } = services;
    const a = await orgWorld(services);
    await fillMonth(db, a, '2025-12');
    const hr = await db('users').where({ id: a.users.hr }).first('email');
    const cli = (args: string[]) => runCli(args, { databaseUrl: tdb.database.url });
    const org = a.org.code;

    const unit = await cli([
      'lock',
      '--org',
      org,
      '--unit',
      `${org}/${a.units[0].code}`,
      '--month',
      '2025-12',
    ]);
    t.is(unit.code, 0, unit.stderr);
    t.is(unit.json().rows_locked, 31);
    t.is(unit.json().scope, 'unit');

    const before = await snapshot(db, ['attendance', 'attendance_locks']);
    const dry = await cli(['lock', '--org', org, '--month', '2025-12', '--dry-run', '--json']);
    t.is(dry.code, 0, dry.stderr);
    t.is(dry.json().rows_locked, 31);
    t.is(dry.json().dry_run, true);
    t.is(dry.json().lock_id, null, 'no id that a real lock would not get');
    t.deepEqual(await snapshot(db, ['attendance', 'attendance_locks']), before, '--dry-run changes nothing');

    const whole = await cli(['lock', '--org', org, '--month', '2025-12', '--actor', hr.email]);
    t.is(whole.code, 0, whole.stderr);
    t.deepEqual(whole.json().units_already_locked, [
      { lock_id: unit.json().lock_id, organization_unit_id: a.units[0].id },
    ]);
    t.is(whole.json().locked_by, a.users.hr);

    const again = await cli(['lock', '--org', org, '--month', '2025-12', '--json']);
    t.is(again.code, 2);
    t.is(again.json().lock_id, whole.json().lock_id);
    t.is(again.json().code, 'MONTH_ALREADY_LOCKED');

    const grid = await cli(['locks', '--org', org, '--year', '2025', '--json']);
    t.is(grid.code, 0, grid.stderr);
    const dec = grid.json().data[11];
    t.is(dec.month, '2025-12');
    t.is(dec.state, 'locked');
    t.is(dec.organization_lock.lock_id, whole.json().lock_id);
    t.is(dec.organization_lock.locked_by, a.users.hr);
    t.is(dec.organization_lock.locked_by_email, hr.email);
    t.deepEqual(
      dec.unit_locks.map((u: any) => u.unit_code),
      [a.units[0].code],
    );
    t.is(dec.rows_locked, 62);
    t.is(grid.json().data[10].state, 'open');

    const hrUnlock = await cli([
      'unlock',
      String(whole.json().lock_id),
      '--reason',
      'x',
      '--actor',
      hr.email,
      '--yes',
    ]);
    t.is(hrUnlock.code, 2, 'hr may not unlock');
    t.regex(hrUnlock.stderr, /permission|not allowed|may not|forbidden/i);
    const noReason = await cli(['unlock', String(whole.json().lock_id)]);
    t.is(noReason.code, 2);
    t.regex(noReason.stderr, /--reason/);
    // Unlocking confirms (issue 25): off a terminal --yes is required, and named when missing.
    const unasked = await cli(['unlock', String(whole.json().lock_id), '--reason', 'late punches']);
    t.is(unasked.code, 2);
    t.regex(unasked.stderr, /Refusing without --yes/);
    t.is(await lockedCount(db, { organization_id: a.org.id }), 62, 'the preview it ran was rolled back');
    // A bad value is reported before the missing --yes: adding --yes would not have helped.
    const unknown = await cli(['unlock', '999999', '--reason', 'late punches']);
    t.is(unknown.code, 2);
    t.notRegex(unknown.stderr, /--yes/);
    t.regex(unknown.stderr, /LOCK_ID 999999: Lock not found/, 'the id typed is named');
    t.is(unknown.stderr.trim().split('\n').length, 1, 'said once, not again as a field line');
    const unlocked = await cli(['unlock', String(whole.json().lock_id), '--reason', 'late punches', '--yes']);
    t.is(unlocked.code, 0, unlocked.stderr);
    t.is(unlocked.json().rows_unlocked, 31);
    t.is(await lockedCount(db, { organization_id: a.org.id }), 31);
  });

  test.serial(
    `[${dialect}] bad lock flags are usage errors (exit 2) naming the flag; nothing changes`,
    async (t) => {
      const tdb = await createTestDb(dialect);
      t.teardown(tdb.destroy);
      const services: Services = {
        db: tdb.db,
        clock: new FixedClock(),
        config: tdb.config,
        logger: silentLogger,
      };
      const a = await orgWorld(services);
      const before = await snapshot(tdb.db, ['attendance_locks', 'audit_entries']);
      const cli = (args: string[]) => runCli(args, { databaseUrl: tdb.database.url });
      const cases: Array<[string[], RegExp]> = [
        [['lock', '--org', a.org.code], /--month/],
        [['lock', '--month', '2025-12'], /--org/],
        [['lock', '--org', 'NOPE', '--month', '2025-12'], /--org/],
        [['lock', '--org', a.org.code, '--unit', 'NOPE', '--month', '2025-12'], /--unit/],
        [['lock', '--org', a.org.code, '--month', '2025-13'], /--month/],
        [['lock', '--org', a.org.code, '--month', '2999-01'], /--month/],
        [['unlock', 'abc', '--reason', 'x', '--yes'], /LOCK_ID/],
        [['locks', '--org', a.org.code, '--year', 'soon'], /--year/],
        [['jobs', '--limit', 'abc'], /--limit/],
      ];
      for (const [args, pattern] of cases) {
        const r = await cli(args);
        t.is(r.code, 2, args.join(' '));
        t.regex(r.stderr, pattern, args.join(' '));
      }
      t.deepEqual(await snapshot(tdb.db, ['attendance_locks', 'audit_entries']), before);
    },
  );
}
