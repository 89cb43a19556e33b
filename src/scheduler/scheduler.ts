// The daemon's scheduler: one node-schedule trigger per scheduled job. node-schedule only decides
// WHEN to fire; what is due (which month "just ended") is read from the injected clock, and every
// slot is claimed in the database, so N daemons on one database run each slot once.
import schedule from 'node-schedule';
import type { Services } from '../core/services.js';
import type { BackgroundTask } from '../core/background-task.js';
import type { ScheduledJob } from '../core/scheduled-job.js';
import { fireScheduledJob, SCHEDULED_JOBS } from './schedule.js';

export const schedulerTask: BackgroundTask = {
  name: 'scheduler',
  start(services: Services) {
    if (!services.config.schedulerEnabled) return async () => {};
    const inFlight = new Set<Promise<unknown>>();
    const triggers = SCHEDULED_JOBS.map((job) =>
      schedule.scheduleJob({ rule: job.cron, tz: job.timezone }, () => {
        const run = fireScheduledJob(services, job.name).catch((err) =>
          services.logger.error('scheduled job failed', { job: job.name, error: err as Error }),
        );
        inFlight.add(run);
        void run.finally(() => inFlight.delete(run));
      }),
    );
    services.logger.info('scheduler started', { jobs: SCHEDULED_JOBS.map((j) => j.name) });
    return async () => {
      for (const t of triggers) t?.cancel();
      await Promise.allSettled([...inFlight]);
    };
  },
};

/** The next firing of a job after now (real time: node-schedule's own computation). */
export function nextRun(job: ScheduledJob): Date | null {
  const probe = new schedule.Job(() => {});
  probe.schedule({ rule: job.cron, tz: job.timezone });
  const next = probe.nextInvocation() as unknown as { getTime(): number } | null;
  probe.cancel();
  return next ? new Date(next.getTime()) : null;
}
