// The daemon's scheduler: one trigger per scheduled job, plus a sweep every minute that resumes any
// slot whose daemon died (its lease lapsed, src/scheduler/runs.ts), and hourly housekeeping
// (src/scheduler/housekeeping.ts). Triggers only decide WHEN to
// look; what is due (which month "just ended") is read from the injected clock, and every slot is
// claimed in the database, so N daemons on one database run each slot once. Jobs marked
// `fireOnStart` (the month lock) also fire when the daemon starts, catching up what passed while
// it was down.
import schedule from 'node-schedule';
import type { Services } from '../core/services.js';
import type { BackgroundTask } from '../core/background-task.js';
import type { LeaseTimers } from '../core/lease.js';
import type { ScheduledJob } from '../core/scheduled-job.js';
import { fireScheduledJob, resumeLapsedRuns } from './schedule.js';
import { writerFenceOf } from '../db/galera.js';
import { housekeeping, HOUSEKEEPING_CRON } from './housekeeping.js';

/** Lapsed slots are looked for at every minute. */
export const SWEEP_CRON = '* * * * *';

export interface SchedulerTriggers {
  /** Calls `fire` whenever `rule` (cron) matches in `timezone`; returns what cancels it. */
  cron(rule: string, timezone: string, fire: () => void): () => void;
}

export const nodeScheduleTriggers: SchedulerTriggers = {
  cron(rule, tz, fire) {
    const job = schedule.scheduleJob({ rule, tz }, fire);
    return () => job?.cancel();
  },
};

export interface SchedulerOptions {
  /** The jobs to trigger: the daemon's (SCHEDULED_JOBS, src/tasks.ts), or a test's. */
  jobs: ScheduledJob[];
  triggers?: SchedulerTriggers;
  /** The slots' lease heartbeat timers. */
  timers?: LeaseTimers;
}

export interface RunningScheduler {
  /** Resolves once every firing in flight has finished. */
  idle(): Promise<void>;
  /**
   * Cancels the triggers and claims no further slot; the firings in flight get graceMs (default: as
   * long as they take), then the slots they hold are released.
   */
  stop(graceMs?: number): Promise<void>;
}

export function startScheduler(services: Services, opts: SchedulerOptions): RunningScheduler {
  const { jobs } = opts;
  const triggers = opts.triggers ?? nodeScheduleTriggers;
  const inFlight = new Map<string, Promise<void>>();
  const stopping = new AbortController();
  const release = new AbortController();
  const slotOptions = { jobs, timers: opts.timers, stopping: stopping.signal, release: release.signal };
  // A firing still at work when its trigger comes round again (a long lock) is not started twice:
  // the claims would make the second one a no-op anyway.
  const fire = (key: string, work: () => Promise<unknown>) => {
    if (inFlight.has(key) || stopping.signal.aborted) return;
    // A daemon fenced off the Galera writer leaves the slot to the writer's daemons.
    if (writerFenceOf(services.db)?.refusal()) return;
    const run = work()
      .then(() => undefined)
      .catch((err) => services.logger.error('scheduled job failed', { job: key, error: err as Error }))
      .finally(() => inFlight.delete(key));
    inFlight.set(key, run);
  };
  const fireJob = (job: ScheduledJob) =>
    fire(job.name, () => fireScheduledJob(services, job.name, {}, slotOptions));
  const sweep = () => fire('lapsed-slots', () => resumeLapsedRuns(services, slotOptions));
  const upkeep = () => fire('housekeeping', () => housekeeping(services));

  const cancels = [
    ...jobs.map((job) => triggers.cron(job.cron, job.timezone, () => fireJob(job))),
    triggers.cron(SWEEP_CRON, 'UTC', sweep),
    triggers.cron(HOUSEKEEPING_CRON, 'UTC', upkeep),
  ];
  sweep();
  for (const job of jobs) if (job.fireOnStart) fireJob(job);
  const idle = async () => {
    while (inFlight.size) await Promise.allSettled([...inFlight.values()]);
  };
  return {
    idle,
    async stop(graceMs = Infinity) {
      for (const cancel of cancels) cancel();
      stopping.abort();
      const grace = Number.isFinite(graceMs) ? setTimeout(() => release.abort(), graceMs) : null;
      await idle();
      if (grace) clearTimeout(grace);
    },
  };
}

/** The daemon's scheduler over `jobs` (the composition root's SCHEDULED_JOBS, src/tasks.ts). */
export function schedulerTask(jobs: ScheduledJob[]): BackgroundTask {
  return {
    name: 'scheduler',
    start(services: Services) {
      if (!services.config.schedulerEnabled) return async () => {};
      const scheduler = startScheduler(services, { jobs });
      services.logger.info('scheduler started', { jobs: jobs.map((j) => j.name) });
      return (graceMs) => scheduler.stop(graceMs);
    },
  };
}

/** The next firing of a job's trigger after now (real time: node-schedule's own computation). */
export function nextRun(job: ScheduledJob): Date | null {
  const probe = new schedule.Job(() => {});
  probe.schedule({ rule: job.cron, tz: job.timezone });
  const next = probe.nextInvocation() as unknown as { getTime(): number } | null;
  probe.cancel();
  return next ? new Date(next.getTime()) : null;
}
