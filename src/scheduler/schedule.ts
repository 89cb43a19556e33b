// Running the scheduled (recurring) jobs. The jobs themselves (ScheduledJob, src/core/scheduled-job.ts)
// are listed by the composition root (SCHEDULED_JOBS in src/tasks.ts) and handed in, so the scheduler
// imports no context; each names the catalogue operation it runs and, when it changes records, its
// input per slot, e.g. the nightly partner push:
//   { name: 'partner-push', description: '…', cron: '0 4 * * *', timezone: 'UTC',
//     operation: pushToPartners, input: () => ({}), context: (services) => …system user…,
//     outcome: (result) => summary, or throw to fail the slot }
// A firing turns into slots (by default one per firing: the fire time in the job's time zone,
// 'YYYY-MM-DDTHH:MM'); each slot is claimed in scheduler_runs before it runs, so it runs once even
// when several daemons share the database, and a failed slot is retried by the next firing. A claim
// is a lease renewed while the slot runs: a slot whose daemon died is resumed by whoever comes next.
import { hostname } from 'node:os';
import { zonedParts } from '../core/calendar.js';
import { UsageError } from '../core/errors.js';
import { runOperation } from '../core/operation.js';
import type { OperationJob, ScheduleArgs, ScheduledJob } from '../core/scheduled-job.js';
import type { Services } from '../core/services.js';
import { randomToken } from '../core/crypto.js';
import { startHeartbeat, whenAborted, type LeaseTimers } from '../core/lease.js';
import { metricsOf } from '../core/metrics.js';
import { doneSlots } from '../db/scheduler-runs.js';
import { claimRun, finishRun, lapsedRuns, releaseRun, renewRun } from './runs.js';

export function findScheduledJob(name: string, jobs: ScheduledJob[]): ScheduledJob {
  const job = jobs.find((j) => j.name === name);
  if (!job) {
    throw new UsageError(`No scheduled job named "${name}" (known: ${jobs.map((j) => j.name).join(', ')}).`, {
      job: [`unknown job ${name}`],
    });
  }
  return job;
}

export function defaultSlot(job: ScheduledJob, at: Date): string {
  const p = zonedParts(at, job.timezone);
  return `${p.date}T${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

export interface RunOutcome {
  job: string;
  slot: string;
  /** released: the daemon stopped while the slot ran; its claim was given back for another to resume. */
  outcome: 'ran' | 'skipped' | 'failed' | 'released';
  result?: Record<string, unknown>;
  error?: string;
}

export interface SlotRunOptions {
  /** The schedule to look names up in: the daemon's (SCHEDULED_JOBS, src/tasks.ts), or a test's. */
  jobs: ScheduledJob[];
  /** The lease heartbeat's timers (tests inject them; real intervals otherwise). */
  timers?: LeaseTimers;
  /** Aborted when the daemon begins to stop: no further slot is claimed. */
  stopping?: AbortSignal;
  /** Aborted when the shutdown grace is over: a slot still running is released (releaseRun). */
  release?: AbortSignal;
}

// Unique per claim, so a holder's renewals and outcome never match a claim another caller (even in
// the same process) took over.
const claimant = () => `${hostname()}:${process.pid}:${randomToken(6)}`;

/** Claims `slot` of job `name` and runs it; a slot another daemon holds or finished is skipped. */
export async function runScheduledJob(
  services: Services,
  name: string,
  slot: string,
  opts: SlotRunOptions,
): Promise<RunOutcome> {
  const job = findScheduledJob(name, opts.jobs);
  const { db, clock, config, logger } = services;
  const claim = await claimRun(db, clock, job.name, slot, claimant(), config.leaseMs);
  if (claim === null) {
    metricsOf(services).schedulerSlot(job.name, 'skipped-held-elsewhere');
    return { job: job.name, slot, outcome: 'skipped' };
  }
  if (claim.resumed) logger.warn('scheduled slot resumed: its lease lapsed', { job: job.name, slot });
  const heartbeat = startHeartbeat({
    leaseMs: config.leaseMs,
    timers: opts.timers,
    renew: () => renewRun(db, clock, claim, config.leaseMs),
    onError: (error) =>
      logger.warn('slot lease renewal failed', { job: job.name, slot, error: error as Error }),
  });
  const ran = runSlot(services, job, slot);
  const outcome = opts.release
    ? await Promise.race([ran, whenAborted(opts.release).then(() => null)])
    : await ran;
  await heartbeat.stop();
  if (outcome === null) {
    const released = await releaseRun(db, clock, claim);
    logger.warn(
      released ? 'scheduled slot released: the daemon stopped while it ran' : 'slot already taken over',
      {
        job: job.name,
        slot,
      },
    );
    return { job: job.name, slot, outcome: released ? 'released' : 'skipped' };
  }
  const recorded = await finishRun(db, clock, claim, {
    status: outcome.outcome === 'ran' ? 'done' : 'failed',
    result: outcome.result,
    error: outcome.error,
  });
  if (!recorded) {
    // Our lease lapsed (we stalled past it) and another caller took the slot over: its record stands.
    logger.warn('scheduled slot outcome dropped: the slot was taken over', { job: job.name, slot });
    metricsOf(services).schedulerSlot(job.name, 'taken-over');
    return { ...outcome, outcome: 'skipped' };
  }
  metricsOf(services).schedulerSlot(job.name, outcome.outcome === 'ran' ? 'ran' : 'failed');
  if (outcome.outcome === 'ran') logger.info('scheduled job', { job: job.name, slot, outcome: 'ran' });
  else logger.error('scheduled job failed', { job: job.name, slot, error: outcome.error });
  return outcome;
}

async function runSlot(services: Services, job: ScheduledJob, slot: string): Promise<RunOutcome> {
  try {
    const result = 'run' in job ? await job.run(services, slot) : await runOperationSlot(services, job, slot);
    return { job: job.name, slot, outcome: 'ran', result };
  } catch (err) {
    return {
      job: job.name,
      slot,
      outcome: 'failed',
      error: err instanceof Error ? err.message : String(err),
    };
  }
}

/** A declared slot: the job's operation with its input for the slot, in its context. */
async function runOperationSlot(services: Services, job: OperationJob, slot: string) {
  const result = await runOperation(job.operation, await job.context(services), job.input(slot));
  return job.outcome ? job.outcome(result, services) : (result as Record<string, unknown>);
}

/**
 * What a firing does (the daemon's trigger and `wfctl schedule run`): every due slot, and first
 * any slot of the job whose holder died (its lease lapsed), so whoever comes next resumes it.
 */
export async function fireScheduledJob(
  services: Services,
  name: string,
  args: ScheduleArgs,
  opts: SlotRunOptions,
): Promise<RunOutcome[]> {
  const job = findScheduledJob(name, opts.jobs);
  const at = services.clock.now();
  const lapsed = (await lapsedRuns(services.db, services.clock, job.name)).map((r) => r.slot);
  const due = job.slotsDue ? await job.slotsDue(services, at, args) : [defaultSlot(job, at)];
  const slots = [...new Set([...lapsed, ...due])];
  const done = await doneSlots(services.db, job.name, slots);
  const outcomes: RunOutcome[] = [];
  for (const slot of slots) {
    if (opts.stopping?.aborted) break;
    if (done.has(slot)) {
      metricsOf(services).schedulerSlot(job.name, 'skipped-done');
      outcomes.push({ job: job.name, slot, outcome: 'skipped' });
    } else {
      outcomes.push(await runScheduledJob(services, job.name, slot, opts));
    }
  }
  return outcomes;
}

/** Resumes every slot, of any job, whose holder died: the daemon's minute sweep. */
export async function resumeLapsedRuns(services: Services, opts: SlotRunOptions): Promise<RunOutcome[]> {
  const known = new Set(opts.jobs.map((j) => j.name));
  const outcomes: RunOutcome[] = [];
  for (const run of await lapsedRuns(services.db, services.clock)) {
    if (opts.stopping?.aborted) break;
    if (known.has(run.job)) outcomes.push(await runScheduledJob(services, run.job, run.slot, opts));
  }
  return outcomes;
}
