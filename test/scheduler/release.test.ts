// Shutdown and claimed work (issue 23): a stopping daemon claims no new job or slot; what it holds
// either finishes within the grace or is released (its lease cleared in the database, conditional
// on still holding it), so another daemon takes it over at once instead of one lease later. The
// clock is a FixedClock that never moves: a released claim is due at the very instant it is given
// back. Held handlers are gates, and the test waits on conditions, never on durations.
import test from 'ava';
import { enqueueJob, getJob, workOnce } from '../../src/core/job-queue.js';
import type { ScheduledJob } from '../../src/core/scheduled-job.js';
import type { Services } from '../../src/core/services.js';
import { monthLockJob } from '../../src/workforce/attendance/month-lock-job.js';
import { recentRuns } from '../../src/scheduler/runs.js';
import { resumeLapsedRuns } from '../../src/scheduler/schedule.js';
import { startScheduler } from '../../src/scheduler/scheduler.js';
import { startWorker } from '../../src/scheduler/worker.js';
import { bootApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { gate, ManualTimers, ManualTriggers, until } from './fakes.js';

const polling = (services: Services): Services => ({
  ...services,
  config: { ...services.config, workerPollMs: 10 },
});

for (const dialect of DIALECTS) {
  test(`[${dialect}] a job in progress at stop finishes within the grace`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const started = gate();
    const held = gate<{ sent: number }>();
    const id = await enqueueJob(app.services.db, app.clock, { name: 'slow' });
    const worker = startWorker(polling(app.services), {
      handlers: {
        slow: () => {
          started.open();
          return held.promise;
        },
      },
      timers: new ManualTimers(),
    });
    await started.promise;
    const stopped = worker.stop(600_000);
    held.open({ sent: 1 });
    await stopped;
    const job = await getJob(app.services.db, id);
    t.is(job!.status, 'done');
    t.deepEqual(job!.result, { sent: 1 });
  });

  test(`[${dialect}] a job still running when the grace is over is released and another worker takes it at once`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const started = gate();
    const never = gate<unknown>(); // the first daemon's handler never finishes
    const id = await enqueueJob(app.services.db, app.clock, { name: 'slow' });
    const first = startWorker(polling(app.services), {
      handlers: {
        slow: () => {
          started.open();
          return never.promise;
        },
      },
      timers: new ManualTimers(),
    });
    await started.promise;
    const running = await getJob(app.services.db, id);
    t.is(running!.status, 'running');
    t.is(running!.attempts, 1);

    await first.stop(0);
    const released = await getJob(app.services.db, id);
    t.is(released!.status, 'running');
    t.true(Date.parse(released!.lease_until!) < app.clock.now().getTime(), 'the lease lapsed at once');
    t.is(released!.attempts, 0, 'the interrupted attempt is given back');

    // Another daemon's worker, at the same instant: the job is due for it now.
    const taken = await workOnce(app.services, { slow: async () => ({ by: 'second' }) }, 'second-daemon');
    t.is(taken!.id, id);
    t.is(taken!.status, 'done');
    t.is(taken!.attempts, 1);
    t.deepEqual(taken!.result, { by: 'second' });

    // The first daemon's handler finishing late writes nothing over the taker's outcome.
    never.open({ by: 'first' });
    t.deepEqual((await getJob(app.services.db, id))!.result, { by: 'second' });
  });

  test(`[${dialect}] a stopped worker claims nothing more`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const worker = startWorker(polling(app.services), { handlers: { quick: async () => ({}) } });
    await worker.stop(0);
    const id = await enqueueJob(app.services.db, app.clock, { name: 'quick' });
    t.is((await getJob(app.services.db, id))!.status, 'queued');
  });

  test(`[${dialect}] a scheduler slot still running when the grace is over is released and resumed by another daemon's sweep`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const started = gate();
    const never = gate<Record<string, unknown>>();
    const probe: ScheduledJob = {
      ...monthLockJob,
      name: 'probe',
      fireOnStart: true,
      slotsDue: async () => ['2026-11'],
      run: () => {
        started.open();
        return never.promise;
      },
    };
    const triggers = new ManualTriggers();
    const scheduler = startScheduler(app.services, { jobs: [probe], triggers, timers: new ManualTimers() });
    await started.promise;
    t.is((await recentRuns(app.services.db, 'probe'))[0].status, 'running');

    await scheduler.stop(0);
    triggers.minute(); // a cancelled trigger: nothing fires
    const [run] = await recentRuns(app.services.db, 'probe');
    t.is(run.status, 'running');
    t.true(Date.parse(run.lease_until!) < app.clock.now().getTime(), 'the slot was released');

    // The other daemon's minute sweep, at the same instant.
    const resumed = await resumeLapsedRuns(app.services, {
      jobs: [{ ...probe, run: async () => ({ resumed: true }) }],
      timers: new ManualTimers(),
    });
    t.deepEqual(
      resumed.map((r) => [r.slot, r.outcome]),
      [['2026-11', 'ran']],
    );
    await until(async () => (await recentRuns(app.services.db, 'probe'))[0].status === 'done');
    never.open({});
  });
}
