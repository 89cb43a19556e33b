// The daemon's background tasks: the worker drains the queue, both honour their switches, and the
// scheduler registers a trigger per job and stops cleanly.
import test from 'ava';
import { enqueueJob, getJob } from '../../src/core/job-queue.js';
import { loadConfig } from '../../src/config.js';
import { monthLockJob } from '../../src/workforce/attendance/month-lock-job.js';
import { nextRun } from '../../src/scheduler/scheduler.js';
import { backgroundTasks, daemonScheduler, daemonWorker, SCHEDULED_JOBS } from '../../src/tasks.js';
import { bootApp } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';

test('the daemon registers the scheduler and the worker', (t) => {
  t.deepEqual(backgroundTasks.map((b) => b.name).sort(), ['job-worker', 'scheduler']);
  t.true(SCHEDULED_JOBS.includes(monthLockJob));
});

test('the month-lock trigger fires at every minute (each organization’s 02:00 is some minute), and on start', (t) => {
  t.is(monthLockJob.cron, '* * * * *');
  t.true(monthLockJob.fireOnStart);
  const next = nextRun(monthLockJob)!;
  t.true(next instanceof Date);
  t.is(next.getUTCSeconds(), 0);
  t.true(next.getTime() - Date.now() <= 60_000);
});

for (const dialect of DIALECTS) {
  test(`[${dialect}] the worker task runs due jobs, and stops`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const services = { ...app.services, config: { ...app.services.config, workerPollMs: 20 } };
    const id = await enqueueJob(services.db, services.clock, { name: 'no-such-handler' });
    const stop = daemonWorker.start(services);
    let job = await getJob(services.db, id);
    for (let i = 0; i < 500 && (job!.status === 'queued' || job!.status === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 20));
      job = await getJob(services.db, id);
    }
    await stop();
    t.is(job!.status, 'failed', 'the worker picked it up (and had no handler for it)');
  });

  test(`[${dialect}] switched off, the tasks do nothing`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const config = loadConfig({
      DATABASE_URL: app.testDb.config.database.url,
      SCHEDULER_ENABLED: 'false',
      WORKER_ENABLED: 'false',
    });
    const services = { ...app.services, config };
    const id = await enqueueJob(services.db, services.clock, { name: 'no-such-handler' });
    const stops = [daemonWorker.start(services), daemonScheduler.start(services)];
    await new Promise((r) => setTimeout(r, 100));
    await Promise.all(stops.map((s) => s()));
    t.is((await getJob(services.db, id))!.status, 'queued');
    const on = daemonScheduler.start(app.services);
    await t.notThrowsAsync(on());
  });
}
