// The automatic month lock: which month "just ended" per organization time zone, once per
// organization-month even with two schedulers racing on one database, and manual runs.
import test from 'ava';
import { FixedClock } from '../../src/core/clock.js';
import type { Services } from '../../src/core/services.js';
import { createDb } from '../../src/db/knex.js';
import { fireScheduledJob, runScheduledJob, SCHEDULED_JOBS } from '../../src/tasks.js';
import {
  CATCH_UP_MONTHS,
  lockDueAt,
  monthJustEnded,
  monthLockJob,
  wallClock,
} from '../../src/workforce/attendance/month-lock-job.js';
import { runOperation } from '../../src/core/operation.js';
import { startScheduler } from '../../src/scheduler/scheduler.js';
import { lockMonth } from '../../src/workforce/attendance/operations/lock-month.js';
import { unlockMonth } from '../../src/workforce/attendance/operations/unlock-month.js';
import { workforceContext } from '../../src/workforce/context.js';
import { systemActor } from '../../src/workforce/identity/actor.js';
import { ManualTimers, ManualTriggers } from './fakes.js';
import { bootApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { lockWaits } from '../helpers/lock-waits.js';
import { createOrg } from '../helpers/workforce.js';
import { fillMonth, lockedCount, orgWorld } from '../workforce/attendance/fixtures.js';

test('the month just ended is read in the organization’s time zone, from 02:00 on the 1st', (t) => {
  t.is(monthJustEnded(new Date('2026-02-01T01:59:00Z'), 'UTC'), '2025-12');
  t.is(monthJustEnded(new Date('2026-02-01T02:00:00Z'), 'UTC'), '2026-01');
  t.is(monthJustEnded(new Date('2026-01-31T20:30:00Z'), 'Asia/Kolkata'), '2026-01'); // 02:00 IST, Feb 1
  t.is(monthJustEnded(new Date('2026-01-31T20:29:00Z'), 'Asia/Kolkata'), '2025-12');
  t.is(monthJustEnded(new Date('2026-02-01T09:00:00Z'), 'America/Los_Angeles'), '2025-12'); // 01:00 PST
  t.is(monthJustEnded(new Date('2026-02-01T10:00:00Z'), 'America/Los_Angeles'), '2026-01');
  t.is(monthJustEnded(new Date('2026-01-01T02:00:00Z'), 'UTC'), '2025-12', 'across a year');
});

test('each organization’s lock falls due at 02:00 on the 1st on its own wall clock, to the minute', (t) => {
  const due = (month: string, tz: string) => lockDueAt(month, tz).toISOString();
  t.is(due('2026-01', 'Asia/Kolkata'), '2026-01-31T20:30:00.000Z'); // +05:30
  t.is(due('2026-01', 'Asia/Kathmandu'), '2026-01-31T20:15:00.000Z'); // +05:45
  t.is(due('2026-01', 'America/St_Johns'), '2026-02-01T05:30:00.000Z'); // −03:30 (NST)
  t.is(due('2026-06', 'America/St_Johns'), '2026-07-01T04:30:00.000Z'); // −02:30 (NDT)
  t.is(due('2026-01', 'Europe/Berlin'), '2026-02-01T01:00:00.000Z'); // CET
  t.is(due('2026-03', 'Europe/Berlin'), '2026-04-01T00:00:00.000Z'); // CEST, days after the spring change
  t.is(due('2026-10', 'Europe/Berlin'), '2026-11-01T01:00:00.000Z'); // CET again
  t.is(due('2026-12', 'UTC'), '2027-01-01T02:00:00.000Z'); // across a year
  for (const [month, tz] of [
    ['2026-01', 'Asia/Kathmandu'],
    ['2026-01', 'America/St_Johns'],
    ['2026-03', 'Europe/Berlin'],
  ]) {
    const at = lockDueAt(month, tz);
    t.is(monthJustEnded(at, tz), month, `${tz}: due at the minute`);
    t.not(monthJustEnded(new Date(at.getTime() - 60_000), tz), month, `${tz}: not a minute before`);
  }
  t.is(wallClock(lockDueAt('2026-01', 'Asia/Kathmandu'), 'Asia/Kathmandu'), '2026-02-01T02:00+05:45');
  t.is(wallClock(lockDueAt('2026-01', 'America/St_Johns'), 'America/St_Johns'), '2026-02-01T02:00-03:30');
  t.is(wallClock(lockDueAt('2026-03', 'Europe/Berlin'), 'Europe/Berlin'), '2026-04-01T02:00+02:00');
});

for (const dialect of DIALECTS) {
  // A unit west of its organization is still in the month's last day at the organization's 02:00:
  // the month waits for it, by hand and on schedule (lock-due.ts).
  test(`[${dialect}] a unit west of its organization: January waits until it has ended there too`, async (t) => {
    // 02:00 on February 1st in Kolkata: 15:30 on January 31st in New York.
    const app = await bootApp(dialect, { clock: new FixedClock('2026-01-31T20:30:00.000Z') });
    t.teardown(app.close);
    const { db } = app.services;
    const w = await orgWorld(app.services, { timezone: 'Asia/Kolkata' });
    await db('organizations').where({ id: w.org.id }).update({ created_at: '2026-01-15 00:00:00.000' });
    await db('organization_units').where({ id: w.units[1].id }).update({ timezone: 'America/New_York' });
    await fillMonth(db, w, '2026-01');
    const ctx = workforceContext(app.services, await systemActor(db));

    const early = await t.throwsAsync(
      runOperation(lockMonth, ctx, { organization_id: w.org.id, month: '2026-01' }),
    );
    t.regex(early!.message, /has not ended yet in America\/New_York/);
    // The Kolkata unit alone: its January is over.
    const unitLock = await runOperation(lockMonth, ctx, {
      organization_id: w.org.id,
      organization_unit_id: w.units[0].id,
      month: '2026-01',
    });
    t.truthy(unitLock.lock_id);
    t.deepEqual(await fireScheduledJob(app.services, 'month-lock'), [], 'not due yet for New York');

    // 02:00 in New York on February 1st.
    app.clock.set('2026-02-01T07:00:00.000Z');
    const ran = await fireScheduledJob(app.services, 'month-lock');
    t.deepEqual(
      ran.map((o) => [o.slot, o.outcome]),
      [[`2026-01/org:${w.org.id}`, 'ran']],
    );
    t.is(await lockedCount(db, { organization_id: w.org.id }), 62);
  });

  test(`[${dialect}] ticking every minute, each organization locks at its own 02:00: +05:30, +05:45, −03:30, Berlin`, async (t) => {
    const app = await bootApp(dialect, { clock: new FixedClock('2026-01-31T20:14:00.000Z') });
    t.teardown(app.close);
    const { db } = app.services;
    const zones = ['Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns', 'Europe/Berlin'] as const;
    const orgs: Record<string, number> = {};
    for (const tz of zones) {
      const w = await orgWorld(app.services, { timezone: tz });
      // Created mid-January everywhere, so January is the only month due.
      await db('organizations').where({ id: w.org.id }).update({ created_at: '2026-01-15 00:00:00.000' });
      await fillMonth(db, w, '2026-01');
      orgs[tz] = w.org.id;
    }
    const lockedZones = async () => {
      const locks = await db('attendance_locks')
        .where({ month: '2026-01' })
        .select('organization_id', 'created_at');
      return Object.fromEntries(
        zones
          .map((tz) => [tz, locks.find((l) => Number(l.organization_id) === orgs[tz])] as const)
          .filter(([, l]) => l)
          .map(([tz, l]) => [tz, String(l.created_at).slice(0, 16).replace(' ', 'T')]),
      );
    };
    const steps: Array<[string, string[]]> = [
      ['2026-01-31T20:14', []],
      ['2026-01-31T20:15', ['Asia/Kathmandu']],
      ['2026-01-31T20:29', ['Asia/Kathmandu']],
      ['2026-01-31T20:30', ['Asia/Kathmandu', 'Asia/Kolkata']],
      ['2026-02-01T00:59', ['Asia/Kathmandu', 'Asia/Kolkata']],
      ['2026-02-01T01:00', ['Asia/Kathmandu', 'Asia/Kolkata', 'Europe/Berlin']],
      ['2026-02-01T05:29', ['Asia/Kathmandu', 'Asia/Kolkata', 'Europe/Berlin']],
      ['2026-02-01T05:30', ['Asia/Kathmandu', 'Asia/Kolkata', 'Europe/Berlin', 'America/St_Johns']],
    ];
    const lockedAt: Record<string, string> = {};
    for (const [minute, expected] of steps) {
      app.clock.set(`${minute}:00.000Z`);
      await fireScheduledJob(app.services, 'month-lock');
      const now = await lockedZones();
      t.deepEqual(Object.keys(now).sort(), [...expected].sort(), `at ${minute}Z`);
      for (const tz of expected) lockedAt[tz] ??= minute;
    }
    // Each lock was made in the very minute its 02:00 came, not a tick later.
    const made = await lockedZones();
    for (const tz of zones) t.is(made[tz], lockedAt[tz], tz);
    t.is(await lockedCount(db, { organization_id: orgs['Asia/Kathmandu'] }), 62);
  });

  test(`[${dialect}] a daemon down at the slot catches up on start, but never re-locks a month unlocked on purpose`, async (t) => {
    const clock = new FixedClock('2025-12-01T02:00:00.000Z');
    const app = await bootApp(dialect, { clock });
    t.teardown(app.close);
    const { db } = app.services;
    const w = await orgWorld(app.services);
    await db('organizations').where({ id: w.org.id }).update({ created_at: '2025-10-15 09:00:00.000' });
    for (const month of ['2025-10', '2025-11', '2025-12', '2026-01']) await fillMonth(db, w, month);
    const ctx = workforceContext(app.services, await systemActor(db));
    const orgLock = async (month: string) =>
      db('attendance_locks').where({ organization_id: w.org.id, month, scope_key: 'org' }).first();

    // 2025-12-01 02:00, the schedule's first run on this database: it locks November, and October
    // (the month the organization was created), whose 02:00 on November 1st no daemon saw (issue 26:
    // a first 1st-of-month missed is owed like any other). Then the daemon goes down for two months.
    const first = await fireScheduledJob(app.services, 'month-lock');
    t.deepEqual(
      first.map((o) => [o.slot, o.outcome]),
      [
        [`2025-10/org:${w.org.id}`, 'ran'],
        [`2025-11/org:${w.org.id}`, 'ran'],
      ],
    );
    // While it is down: December is locked by hand after its 02:00 and unlocked on purpose; January
    // is locked by hand and unlocked before its 02:00 (that does not excuse the automatic lock).
    clock.set('2026-01-05T09:00:00.000Z');
    const dec = await runOperation(lockMonth, ctx, { organization_id: w.org.id, month: '2025-12' });
    clock.set('2026-01-06T09:00:00.000Z');
    await runOperation(unlockMonth, ctx, { lock_id: dec.lock_id!, reason: 'corrections' });
    clock.set('2026-02-01T00:30:00.000Z');
    const jan = await runOperation(lockMonth, ctx, { organization_id: w.org.id, month: '2026-01' });
    clock.set('2026-02-01T01:00:00.000Z');
    await runOperation(unlockMonth, ctx, { lock_id: jan.lock_id!, reason: 'one more import' });

    // The daemon starts again on 2026-02-10.
    clock.set('2026-02-10T08:00:00.000Z');
    const triggers = new ManualTriggers();
    const scheduler = startScheduler(app.services, {
      jobs: SCHEDULED_JOBS,
      triggers,
      timers: new ManualTimers(),
    });
    t.teardown(() => scheduler.stop());
    await scheduler.idle();
    const runs = await db('scheduler_runs').where({ job: 'month-lock' }).orderBy('slot');
    t.deepEqual(
      runs.map((r) => [r.slot, r.status]),
      ['2025-10', '2025-11', '2025-12', '2026-01'].map((m) => [`${m}/org:${w.org.id}`, 'done']),
    );
    const decRun = runs.find((r) => r.slot.startsWith('2025-12'));
    t.like(JSON.parse(decRun.result), { skipped: 'unlocked_on_purpose', lock_id: dec.lock_id });
    t.is(await orgLock('2025-12'), undefined, 'December stays unlocked');
    t.truthy(await orgLock('2025-10'), 'October, the month the organization was created, is locked');
    const janLock = await orgLock('2026-01');
    t.truthy(janLock, 'January is caught up');
    t.is(String(janLock.created_at).slice(0, 19), '2026-02-10 08:00:00');
    t.is(await lockedCount(db, { organization_id: w.org.id }), 62 + 60 + 62, 'October, November, January');

    // Later ticks find nothing more to do.
    clock.advance(60_000);
    triggers.minute();
    await scheduler.idle();
    t.is((await db('scheduler_runs').where({ job: 'month-lock' })).length, 4);
    t.is((await db('attendance_locks').where({ organization_id: w.org.id })).length, 3);
  });

  test(`[${dialect}] the first 1st-of-month missed is still owed: shown overdue, then locked at the next start (issue 26)`, async (t) => {
    // A new install: the organization is created mid-January and the daemon runs for a few days, when
    // nothing is due yet, so the schedule has never locked anything. It is down over February 1st.
    const clock = new FixedClock('2026-01-15T09:00:00.000Z');
    const app = await bootApp(dialect, { clock });
    t.teardown(app.close);
    const { db } = app.services;
    const w = await orgWorld(app.services, { timezone: 'Asia/Kolkata' });
    await db('organizations').where({ id: w.org.id }).update({ created_at: '2026-01-15 09:00:00.000' });
    for (const month of ['2026-01', '2026-02']) await fillMonth(db, w, month);
    clock.set('2026-01-20T09:00:00.000Z');
    t.deepEqual(await fireScheduledJob(app.services, 'month-lock'), [], 'nothing is due in January');
    t.is((await db('scheduler_runs').where({ job: 'month-lock' })).length, 0);

    // March 3rd: `wfctl schedule` shows January and February overdue, and the next tick locks both.
    clock.set('2026-03-03T09:00:00.000Z');
    const [upcoming] = await monthLockJob.upcoming!(app.services, clock.now());
    t.deepEqual(upcoming.overdue, [`2026-01/org:${w.org.id}`, `2026-02/org:${w.org.id}`]);
    const ran = await fireScheduledJob(app.services, 'month-lock');
    t.deepEqual(
      ran.map((o) => [o.slot, o.outcome]),
      [
        [`2026-01/org:${w.org.id}`, 'ran'],
        [`2026-02/org:${w.org.id}`, 'ran'],
      ],
    );
    const locks = await db('attendance_locks').where({ organization_id: w.org.id }).orderBy('month');
    t.deepEqual(
      locks.map((l) => [l.month, l.scope_key]),
      [
        ['2026-01', 'org'],
        ['2026-02', 'org'],
      ],
    );
    const [after] = await monthLockJob.upcoming!(app.services, clock.now());
    t.deepEqual(after.overdue, []);
    t.is(after.slot, `2026-03/org:${w.org.id}`);
  });

  test(`[${dialect}] catch-up starts at the organization's creation month, at most ${CATCH_UP_MONTHS} months back`, async (t) => {
    const clock = new FixedClock('2026-03-03T09:00:00.000Z');
    const app = await bootApp(dialect, { clock });
    t.teardown(app.close);
    const { db } = app.services;
    // Created in 2023, before this database's schedule ever ran (the scheduler switched on late).
    const old = await orgWorld(app.services);
    await db('organizations').where({ id: old.org.id }).update({ created_at: '2023-05-10 00:00:00.000' });
    // Created last November on its own wall clock (still October 31st in UTC).
    const recent = await orgWorld(app.services, { timezone: 'Asia/Tokyo' });
    await db('organizations').where({ id: recent.org.id }).update({ created_at: '2025-10-31 20:00:00.000' });
    const ran = await fireScheduledJob(app.services, 'month-lock');
    const months = (orgId: number) =>
      ran.filter((o) => o.slot.endsWith(`/org:${orgId}`)).map((o) => o.slot.slice(0, 7));
    const year = ['2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10'];
    year.push('2025-11', '2025-12', '2026-01', '2026-02');
    t.deepEqual(months(old.org.id), year, 'March 2025 to February 2026: a year, not since 2023');
    t.deepEqual(months(recent.org.id), ['2025-11', '2025-12', '2026-01', '2026-02']);
    t.true(ran.every((o) => o.outcome === 'ran'));
  });

  test(`[${dialect}] the job locks every active organization once, as the system user`, async (t) => {
    const app = await bootApp(dialect, { clock: new FixedClock('2026-02-01T02:00:00.000Z') });
    t.teardown(app.close);
    const { db } = app.services;
    const a = await orgWorld(app.services);
    const b = await orgWorld(app.services);
    const retired = await orgWorld(app.services);
    await db('organizations').where({ id: retired.org.id }).update({ status: 'retired', is_active: false });
    const west = await orgWorld(app.services, { timezone: 'America/Los_Angeles' });
    for (const w of [a, b, retired, west]) await fillMonth(db, w, '2026-01');

    const outcomes = await fireScheduledJob(app.services, 'month-lock');
    t.deepEqual(
      outcomes.map((o) => [o.slot, o.outcome]),
      [
        [`2026-01/org:${a.org.id}`, 'ran'],
        [`2026-01/org:${b.org.id}`, 'ran'],
        [`2025-12/org:${west.org.id}`, 'ran'],
      ],
      'Los Angeles is still in January at 02:00 UTC',
    );
    const system = await db('users').where({ is_system: true }).first('id');
    const locks = await db('attendance_locks').where({ month: '2026-01' }).orderBy('organization_id');
    t.deepEqual(
      locks.map((l) => [Number(l.organization_id), l.scope_key, Number(l.locked_by)]),
      [
        [a.org.id, 'org', Number(system.id)],
        [b.org.id, 'org', Number(system.id)],
      ],
    );
    t.is(await lockedCount(db, { organization_id: a.org.id }), 62);
    t.is(await lockedCount(db, { organization_id: retired.org.id }), 0);
    t.is(await lockedCount(db, { organization_id: west.org.id }), 0);

    // Later firings the same month: nothing runs twice, even after an admin unlocked a month.
    const unlock = await app.workforce.post(
      '/api/v1/attendance/unlock',
      { lock_id: locks[1].id, reason: 'late punches' },
      { token: b.tokens.orgAdmin },
    );
    t.is(unlock.status, 200);
    app.clock.set('2026-02-01T03:00:00.000Z');
    const again = await fireScheduledJob(app.services, 'month-lock');
    t.true(again.every((o) => o.outcome === 'skipped'));
    t.is(await lockedCount(db, { organization_id: b.org.id }), 0, 'not re-locked behind the admin’s back');

    app.clock.set('2026-02-01T10:00:00.000Z'); // 02:00 in Los Angeles
    const westRun = await fireScheduledJob(app.services, 'month-lock');
    t.deepEqual(
      westRun.filter((o) => o.outcome === 'ran').map((o) => o.slot),
      [`2026-01/org:${west.org.id}`],
    );
    t.is(await lockedCount(db, { organization_id: west.org.id }), 62);
  });

  test(`[${dialect}] --month runs a chosen month; a failed slot is retried by the next firing`, async (t) => {
    const app = await bootApp(dialect, { clock: new FixedClock('2026-02-10T12:00:00.000Z') });
    t.teardown(app.close);
    const { db } = app.services;
    const a = await orgWorld(app.services);
    await fillMonth(db, a, '2025-11');
    const manual = await fireScheduledJob(app.services, 'month-lock', { month: '2025-11' });
    t.deepEqual(
      manual.map((o) => o.outcome),
      ['ran'],
    );
    t.is(await lockedCount(db, { organization_id: a.org.id }), 60);

    const future = await fireScheduledJob(app.services, 'month-lock', { month: '2026-03' });
    t.is(future[0].outcome, 'failed');
    t.regex(future[0].error!, /has not started/);
    // The running month fails the same way, and its slot is retried once the month has ended.
    const running = await fireScheduledJob(app.services, 'month-lock', { month: '2026-02' });
    t.is(running[0].outcome, 'failed');
    t.regex(running[0].error!, /has not ended/);
    const failedRun = await db('scheduler_runs').where({ slot: running[0].slot }).first();
    t.is(failedRun.status, 'failed');
    app.clock.set('2026-03-01T02:00:00.000Z');
    const retried = await fireScheduledJob(app.services, 'month-lock', { month: '2026-02' });
    t.is(retried[0].outcome, 'ran');
    t.is((await db('scheduler_runs').where({ slot: running[0].slot })).length, 1);

    // An organization created after the month ended is not locked retroactively by the schedule.
    const fresh = await createOrg(db);
    await db('organizations').where({ id: fresh.id }).update({ created_at: '2026-03-01 00:30:00.000' });
    const scheduled = await fireScheduledJob(app.services, 'month-lock');
    t.false(scheduled.some((o) => o.slot.endsWith(`org:${fresh.id}`)));
  });
}

// Several daemons share one database in production on MySQL (SQLite is the single-daemon embedded
// default), so the race is run there.
if (DIALECTS.includes('mysql')) {
  test('[mysql] two schedulers on one database racing for the same slots: exactly one lock each', async (t) => {
    const clock = new FixedClock('2026-02-01T02:00:00.000Z');
    const app = await bootApp('mysql', { clock });
    t.teardown(app.close);
    const { db } = app.services;
    const worlds = [await orgWorld(app.services), await orgWorld(app.services), await orgWorld(app.services)];
    for (const w of worlds) await fillMonth(db, w, '2026-01');
    // A second daemon: its own connection pool to the same database.
    const otherDb = createDb(app.testDb.config.database, { poolMax: 5 });
    t.teardown(() => otherDb.destroy());
    const other: Services = { ...app.services, db: otherDb };

    const [one, two] = await Promise.all([
      fireScheduledJob(app.services, 'month-lock'),
      fireScheduledJob(other, 'month-lock'),
    ]);
    const ran = [...one, ...two].filter((o) => o.outcome === 'ran');
    t.is(ran.length, worlds.length, 'each organization-month ran on exactly one scheduler');
    t.true([...one, ...two].every((o) => o.outcome !== 'failed'));
    const locks = await db('attendance_locks').where({ month: '2026-01' });
    t.is(locks.length, worlds.length);
    const runs = await db('scheduler_runs').where({ job: 'month-lock' });
    t.is(runs.length, worlds.length);
    t.true(runs.every((r) => r.status === 'done'));

    // The same slot fired by hand on both at once.
    const extra = await orgWorld(app.services);
    const slot = `2026-01/org:${extra.org.id}`;
    const both = await Promise.all([
      runScheduledJob(app.services, 'month-lock', slot),
      runScheduledJob(other, 'month-lock', slot),
    ]);
    t.deepEqual(both.map((o) => o.outcome).sort(), ['ran', 'skipped']);
    t.is((await db('attendance_locks').where({ organization_id: extra.org.id })).length, 1);
  });

  test('[mysql] an unlock on purpose that commits while the slot runs: the schedule does not lock again', async (t) => {
    const clock = new FixedClock('2026-02-02T09:00:00.000Z');
    const app = await bootApp('mysql', { clock });
    t.teardown(app.close);
    const { db } = app.services;
    const w = await orgWorld(app.services);
    await fillMonth(db, w, '2026-01');
    const ctx = workforceContext(app.services, await systemActor(db));
    const hand = await runOperation(lockMonth, ctx, { organization_id: w.org.id, month: '2026-01' });

    // Another daemon's operator unlocks January on purpose; its transaction has not committed yet.
    clock.set('2026-02-03T09:00:00.000Z');
    const otherDb = createDb(app.testDb.config.database, { poolMax: 2 });
    t.teardown(() => otherDb.destroy());
    const unlocking = await otherDb.transaction();
    await runOperation(unlockMonth, workforceContext({ ...app.services, db: unlocking }, ctx.actor), {
      lock_id: hand.lock_id!,
      reason: 'corrections',
    });

    // The slot is re-run meanwhile (by hand, or a catch-up). It must wait for the organization …
    const slot = `2026-01/org:${w.org.id}`;
    const run = runScheduledJob(app.services, 'month-lock', slot);
    await lockWaits(otherDb, 1, run);
    // … and, once the unlock commits, see it and leave the month unlocked.
    await unlocking.commit();
    const outcome = await run;
    t.is(outcome.outcome, 'ran', outcome.error);
    const recorded = await db('scheduler_runs').where({ job: 'month-lock', slot }).first();
    t.like(JSON.parse(recorded.result), { skipped: 'unlocked_on_purpose', lock_id: hand.lock_id });
    t.is(await db('attendance_locks').where({ organization_id: w.org.id }).first(), undefined);
    t.is(await lockedCount(db, { organization_id: w.org.id }), 0);
  });
}
