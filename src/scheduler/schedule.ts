// The scheduled (recurring) jobs. One entry per job (a ScheduledJob, src/core/scheduled-job.ts),
// naming the catalogue operation it runs; registering another is one line in SCHEDULED_JOBS, e.g.
// the nightly partner push:
//   { name: 'partner-push', description: '…', cron: '0 4 * * *', timezone: 'UTC',
//     operation: pushToPartners, run: (services, slot) => … }
// A firing turns into slots (by default one per firing: the fire time in the job's time zone,
// 'YYYY-MM-DDTHH:MM'); each slot is claimed in scheduler_runs before it runs, so it runs once even
// when several daemons share the database, and a failed slot is retried by the next firing. A claim
// is a lease renewed while the slot runs: a slot whose daemon died is resumed by whoever comes next.
import { hostname } from 'node:os';
import { zonedParts } from '../core/calendar.js';
import { UsageError } from '../core/errors.js';
import type { ScheduleArgs, ScheduledJob } from '../core/scheduled-job.js';
import type { Services } from '../core/services.js';
import { monthLockJob } from './month-lock.js';
import { partnerPushJob } from '../workforce/partners/deliveries/nightly-push.js';
import { vaccinationRemindersJob } from '../clinic/reminders/job.js';
import { randomToken } from '../core/crypto.js';
import { startHeartbeat, whenAborted, type LeaseTimers } from '../core/lease.js';
import { metricsOf } from '../core/metrics.js';
import { claimRun, doneSlots, finishRun, lapsedRuns, releaseRun, renewRun } from './runs.js';

export const SCHEDULED_JOBS: ScheduledJob[] = [monthLockJob, partnerPushJob, vaccinationRemindersJob];

export function findScheduledJob(name: string, jobs: ScheduledJob[] = SCHEDULED_JOBS): ScheduledJob {
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
  /** The schedule to look names up in (tests pass their own entries). */
  jobs?: ScheduledJob[];
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
  opts: SlotRunOptions = {},
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
    const result = await job.run(services, slot);
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

/**
 * What a firing does (the daemon's trigger and `wfctl schedule run`): every due slot, and first
 * any slot of the job whose holder died (its lease lapsed), so whoever comes next resumes it.
 */
export async function fireScheduledJob(
  services: Services,
  name: string,
  args: ScheduleArgs = {},
  opts: SlotRunOptions = {},
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
export async function resumeLapsedRuns(services: Services, opts: SlotRunOptions = {}): Promise<RunOutcome[]> {
  const known = new Set((opts.jobs ?? SCHEDULED_JOBS).map((j) => j.name));
  const outcomes: RunOutcome[] = [];
  for (const run of await lapsedRuns(services.db, services.clock)) {
    if (opts.stopping?.aborted) break;
    if (known.has(run.job)) outcomes.push(await runScheduledJob(services, run.job, run.slot, opts));
  }
  return outcomes;
}
