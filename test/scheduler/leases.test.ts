// Leases of scheduler slots (issue 16): a slot's claim is held while its heartbeat renews it, a dead
// holder's slot is resumed once its lease lapses by whoever comes next (the daemon's minute sweep,
// a firing, `wfctl schedule run`), and a holder that lost its claim cannot overwrite the taker's
// record. The clock is a FixedClock and heartbeats beat by hand: no lease is waited out.
import test from 'ava';
import { FixedClock } from '../../src/core/clock.js';
import { startHeartbeat } from '../../src/core/lease.js';
import type { ScheduledJob } from '../../src/core/scheduled-job.js';
import type { Services } from '../../src/core/services.js';
import { createDb } from '../../src/db/knex.js';
import { isoOrNull } from '../../src/db/time.js';
import { monthLockJob } from '../../src/workforce/attendance/month-lock-job.js';
import { claimRun } from '../../src/scheduler/runs.js';
import { fireScheduledJob, resumeLapsedRuns, runScheduledJob, SCHEDULED_JOBS } from '../../src/tasks.js';
import { startScheduler, SWEEP_CRON } from '../../src/scheduler/scheduler.js';
import { bootApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { fillMonth, lockedCount, orgWorld } from '../workforce/attendance/fixtures.js';
import { gate, ManualTimers, ManualTriggers, until } from './fakes.js';

test('a heartbeat renews every third of the lease and reports the claim lost when it was taken over', async (t) => {
  const timers = new ManualTimers();
  let held = true;
  let renewals = 0;
  let every = 0;
  const hb = startHeartbeat({
    leaseMs: 30_000,
    timers: {
      setInterval: (fn, ms) => {
        every = ms;
        return timers.setInterval(fn);
      },
      clearInterval: (h) => timers.clearInterval(h),
    },
    renew: async () => {
      renewals++;
      return held;
    },
  });
  t.is(every, 10_000);
  await timers.beat();
  t.is(renewals, 1);
  t.false(hb.lost.aborted);
  held = false;
  await timers.beat();
  t.true(hb.lost.aborted);
  t.regex(String(hb.lost.reason), /taken over/);
  await hb.stop();
  t.is(timers.live, 0);
});

test('a heartbeat whose renewals keep failing for a whole lease (read from the injected clock) reports the claim lost', async (t) => {
  const timers = new ManualTimers();
  const clock = new FixedClock();
  let attempts = 0;
  const hb = startHeartbeat({
    leaseMs: 30_000,
    timers,
    now: () => clock.now().getTime(),
    renew: async () => {
      attempts++;
      throw new Error('database away');
    },
  });
  clock.advance(20_000);
  await timers.beat();
  t.is(attempts, 1);
  t.false(hb.lost.aborted, 'two thirds of a lease without renewal: still ours');
  clock.advance(10_000);
  await timers.beat();
  t.true(hb.lost.aborted);
  t.regex(String(hb.lost.reason), /renewal failed/);
  await hb.stop();
});

/** A job whose first run is held until the test opens the gate (a daemon that stalls or dies mid-slot). */
function probeJob() {
  const held = gate<Record<string, unknown>>();
  const calls: string[] = [];
  const job: ScheduledJob = {
    name: 'probe',
    description: 'a test job',
    cron: '0 4 * * *',
    timezone: 'UTC',
    operation: monthLockJob.operation,
    async run(_services, slot) {
      calls.push(slot);
      return calls.length === 1 ? held.promise : { run: calls.length };
    },
  };
  return { job, held, calls };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] a slot's heartbeat holds it past its lease; once the holder stops, the next caller resumes it and the late outcome is dropped`, async (t) => {
    const app = await bootApp(dialect, { clock: new FixedClock('2026-02-02T04:00:00.000Z') });
    t.teardown(app.close);
    const { db, config } = app.services;
    const { job, held, calls } = probeJob();
    const jobs = [job];
    const timers = new ManualTimers();
    const first = runScheduledJob(app.services, 'probe', 'S', { jobs, timers });
    await until(() => calls.length === 1);
    const row = () => db('scheduler_runs').where({ job: 'probe', slot: 'S' }).first();
    for (let i = 0; i < 3; i++) {
      app.clock.advance((config.leaseMs * 2) / 3);
      await timers.beat();
      t.is(
        isoOrNull((await row()).lease_until),
        new Date(app.clock.now().getTime() + config.leaseMs).toISOString(),
        'renewed',
      );
    }
    t.deepEqual(
      await resumeLapsedRuns(app.services, { jobs }),
      [],
      'held by its heartbeat, twice the lease on',
    );
    t.is((await runScheduledJob(app.services, 'probe', 'S', { jobs })).outcome, 'skipped');

    // The holder stops beating (dead, or stalled): one lease later the slot is resumed, once.
    app.clock.advance(config.leaseMs - 1);
    t.deepEqual(await resumeLapsedRuns(app.services, { jobs }), []);
    app.clock.advance(2);
    const resumed = await resumeLapsedRuns(app.services, { jobs });
    t.deepEqual(
      resumed.map((o) => [o.slot, o.outcome, o.result]),
      [['S', 'ran', { run: 2 }]],
    );
    held.open({ run: 1 });
    t.is((await first).outcome, 'skipped', 'the stalled holder’s outcome is not recorded');
    const after = await row();
    t.is(after.status, 'done');
    t.deepEqual(JSON.parse(after.result), { run: 2 });
    t.is(after.lease_until, null);
    t.is(timers.live, 0);
  });

  test(`[${dialect}] a firing (daemon tick or \`wfctl schedule run\`) resumes its job's lapsed slot before its own`, async (t) => {
    const app = await bootApp(dialect, { clock: new FixedClock('2026-02-02T04:00:00.000Z') });
    t.teardown(app.close);
    const { job, calls } = probeJob();
    calls.push('(the dead daemon’s run)');
    const dead = await claimRun(
      app.services.db,
      app.clock,
      'probe',
      '2026-02-02T04:00',
      'dead',
      app.services.config.leaseMs,
    );
    t.truthy(dead);
    app.clock.set('2026-02-03T04:00:00.000Z');
    const outcomes = await fireScheduledJob(app.services, 'probe', {}, { jobs: [job] });
    t.deepEqual(
      outcomes.map((o) => [o.slot, o.outcome]),
      [
        ['2026-02-02T04:00', 'ran'],
        ['2026-02-03T04:00', 'ran'],
      ],
    );
  });

  test(`[${dialect}] the daemon's scheduler sweeps every minute and resumes a month-lock slot its dead holder left running`, async (t) => {
    const clock = new FixedClock('2026-02-01T02:00:00.000Z');
    const app = await bootApp(dialect, { clock });
    t.teardown(app.close);
    const { db, config } = app.services;
    const w = await orgWorld(app.services);
    await fillMonth(db, w, '2026-01');
    const slot = `2026-01/org:${w.org.id}`;
    // Another daemon claimed the slot at 02:00:00 and died before locking anything.
    t.truthy(await claimRun(db, clock, 'month-lock', slot, 'other-host:4242:dead', config.leaseMs));

    clock.advance(10_000);
    const triggers = new ManualTriggers();
    const scheduler = startScheduler(app.services, {
      jobs: SCHEDULED_JOBS,
      triggers,
      timers: new ManualTimers(),
    });
    t.teardown(() => scheduler.stop());
    t.true(triggers.registered.some((r) => r.rule === SWEEP_CRON && r.timezone === 'UTC'));
    t.true(triggers.registered.some((r) => r.rule === '* * * * *' && r.fire !== undefined));
    await scheduler.idle();
    t.is(await lockedCount(db, { organization_id: w.org.id }), 0, 'on start: the lease still holds');

    clock.advance(config.leaseMs); // the next minute boundary, the lease lapsed
    triggers.minute();
    await scheduler.idle();
    t.is(await lockedCount(db, { organization_id: w.org.id }), 62);
    const run = await db('scheduler_runs').where({ job: 'month-lock', slot }).first();
    t.is(run.status, 'done');
    t.not(run.claimed_by, 'other-host:4242:dead');
    t.is((await db('attendance_locks').where({ organization_id: w.org.id })).length, 1);
    await scheduler.stop();
    t.true(triggers.registered.every((r) => r.cancelled));
  });
}

// Point 3 of the task: two scheduler instances, each its own pool, on one MySQL database.
if (DIALECTS.includes('mysql')) {
  test('[mysql] two schedulers on one database: one claims a month-lock slot and dies, the other resumes it after the lease, exactly once', async (t) => {
    const clock = new FixedClock('2026-02-01T02:00:00.000Z');
    const app = await bootApp('mysql', { clock });
    t.teardown(app.close);
    const { db, config } = app.services;
    const w = await orgWorld(app.services);
    await fillMonth(db, w, '2026-01');
    const pools = [
      createDb(app.testDb.config.database, { poolMax: 5 }),
      createDb(app.testDb.config.database, { poolMax: 5 }),
    ];
    t.teardown(() => Promise.all(pools.map((p) => p.destroy())));
    const [a, b]: Services[] = pools.map((pool) => ({ ...app.services, db: pool }));

    // Scheduler A claims the slot and dies in it: its run never ends and its heartbeat never beats.
    const dying = gate<Record<string, unknown>>();
    let aStarted = false;
    const aJobs: ScheduledJob[] = [
      {
        ...monthLockJob,
        run: () => {
          aStarted = true;
          return dying.promise;
        },
      },
    ];
    const aScheduler = startScheduler(a, {
      jobs: aJobs,
      triggers: new ManualTriggers(),
      timers: new ManualTimers(),
    });
    await until(() => aStarted);
    const slot = `2026-01/org:${w.org.id}`;
    const claimedByA = (await db('scheduler_runs').where({ slot }).first()).claimed_by;

    // Scheduler B starts too; within A's lease it leaves the slot alone.
    clock.advance(config.leaseMs - 1_000);
    const bTriggers = new ManualTriggers();
    const bScheduler = startScheduler(b, {
      jobs: SCHEDULED_JOBS,
      triggers: bTriggers,
      timers: new ManualTimers(),
    });
    t.teardown(() => bScheduler.stop());
    await bScheduler.idle();
    t.is(await lockedCount(db, { organization_id: w.org.id }), 0);

    // The next minute: A's lease lapsed; B's month-lock firing and its sweep race for it, and so
    // does a third caller (`wfctl schedule run month-lock` on the same database): one lock.
    clock.advance(60_000 - (config.leaseMs - 1_000));
    bTriggers.minute();
    const [byHand] = await Promise.all([fireScheduledJob(app.services, 'month-lock'), bScheduler.idle()]);
    await bScheduler.idle();
    t.true(byHand.every((o) => o.outcome !== 'failed'));
    t.is((await db('attendance_locks').where({ organization_id: w.org.id, month: '2026-01' })).length, 1);
    t.is(await lockedCount(db, { organization_id: w.org.id }), 62);
    const run = await db('scheduler_runs').where({ slot }).first();
    t.is(run.status, 'done');
    t.not(run.claimed_by, claimedByA);
    t.is(
      (await db('audit_entries').where({ event: 'attendance.lock', organization_id: w.org.id })).length,
      1,
    );

    // A comes back to life and finishes: nothing is recorded over B's run, nothing locked twice.
    dying.open({ month: '2026-01', zombie: true });
    await aScheduler.stop();
    const still = await db('scheduler_runs').where({ slot }).first();
    t.is(still.claimed_by, run.claimed_by);
    t.false(String(still.result).includes('zombie'));
  });
}
