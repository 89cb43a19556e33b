// The composition root of the daemon's background work: every scheduled job and every queue
// handler, gathered from the contexts here, and the tasks that run them beside the listeners (the
// scheduler and the job worker). src/scheduler is the mechanism and imports no context; what it
// runs is handed to it from this file. Each task returns a stop function that resolves once its
// current run has finished.
import type { BackgroundTask } from './core/background-task.js';
import type { JobHandlers } from './core/job-queue.js';
import type { ScheduleArgs, ScheduledJob } from './core/scheduled-job.js';
import type { Services } from './core/services.js';
import { caregiverJobHandlers } from './clinic/caregivers/jobs.js';
import { orderJobHandlers } from './clinic/orders/jobs.js';
import { vaccinationRemindersJob } from './clinic/reminders/job.js';
import { reminderJobHandlers } from './clinic/reminders/jobs.js';
import { financialYearJobHandlers } from './workforce/financial-years/jobs.js';
import { partnerPushJob } from './workforce/partners/deliveries/nightly-push.js';
import { monthLockJob } from './workforce/attendance/month-lock-job.js';
import * as schedule from './scheduler/schedule.js';
import { schedulerTask } from './scheduler/scheduler.js';
import { workerTask } from './scheduler/worker.js';

/** The recurring jobs; registering another is one line here. */
export const SCHEDULED_JOBS: ScheduledJob[] = [monthLockJob, partnerPushJob, vaccinationRemindersJob];

/** Every queue handler, by job name. Each folder exports its own map; add one spread to register more. */
export const jobHandlers: JobHandlers = {
  ...financialYearJobHandlers,
  ...caregiverJobHandlers,
  ...orderJobHandlers,
  ...reminderJobHandlers,
};

// Each honours its switch (SCHEDULER_ENABLED, WORKER_ENABLED) and starts as a no-op when off.
export const daemonScheduler: BackgroundTask = schedulerTask(SCHEDULED_JOBS);
export const daemonWorker: BackgroundTask = workerTask(jobHandlers);
export const backgroundTasks: BackgroundTask[] = [daemonScheduler, daemonWorker];

type SlotOptions = Partial<schedule.SlotRunOptions>;

// The schedule's entry points over the daemon's own jobs (`wfctl schedule run`, tests); a test that
// brings its own jobs passes them in `opts.jobs`.

export function findScheduledJob(name: string): ScheduledJob {
  return schedule.findScheduledJob(name, SCHEDULED_JOBS);
}

export function fireScheduledJob(
  services: Services,
  name: string,
  args: ScheduleArgs = {},
  opts: SlotOptions = {},
): Promise<schedule.RunOutcome[]> {
  return schedule.fireScheduledJob(services, name, args, { jobs: SCHEDULED_JOBS, ...opts });
}

export function runScheduledJob(
  services: Services,
  name: string,
  slot: string,
  opts: SlotOptions = {},
): Promise<schedule.RunOutcome> {
  return schedule.runScheduledJob(services, name, slot, { jobs: SCHEDULED_JOBS, ...opts });
}

export function resumeLapsedRuns(services: Services, opts: SlotOptions = {}): Promise<schedule.RunOutcome[]> {
  return schedule.resumeLapsedRuns(services, { jobs: SCHEDULED_JOBS, ...opts });
}
