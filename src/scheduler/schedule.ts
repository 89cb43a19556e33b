// The scheduled (recurring) jobs. One entry per job (a ScheduledJob, src/core/scheduled-job.ts),
// naming the catalogue operation it runs; registering another is one line in SCHEDULED_JOBS, e.g.
// the nightly partner push:
//   { name: 'partner-push', description: '…', cron: '0 4 * * *', timezone: 'UTC',
//     operation: pushToPartners, run: (services, slot) => … }
// A firing turns into slots (by default one per firing: the fire time in the job's time zone,
// 'YYYY-MM-DDTHH:MM'); each slot is claimed in scheduler_runs before it runs, so it runs once even
// when several daemons share the database, and a failed slot is retried by the next firing.
import { hostname } from 'node:os';
import { zonedParts } from '../core/calendar.js';
import { UsageError } from '../core/errors.js';
import type { ScheduleArgs, ScheduledJob } from '../core/scheduled-job.js';
import type { Services } from '../core/services.js';
import { monthLockJob } from './month-lock.js';
import { partnerPushJob } from '../workforce/partners/deliveries/nightly-push.js';
import { claimRun, doneSlots, finishRun } from './runs.js';

export const SCHEDULED_JOBS: ScheduledJob[] = [monthLockJob, partnerPushJob];

export function findScheduledJob(name: string): ScheduledJob {
  const job = SCHEDULED_JOBS.find((j) => j.name === name);
  if (!job) {
    throw new UsageError(
      `No scheduled job named "${name}" (known: ${SCHEDULED_JOBS.map((j) => j.name).join(', ')}).`,
      {
        job: [`unknown job ${name}`],
      },
    );
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
  outcome: 'ran' | 'skipped' | 'failed';
  result?: Record<string, unknown>;
  error?: string;
}

const runner = () => `${hostname()}:${process.pid}`;

/** Claims `slot` of job `name` and runs it; a slot another daemon holds or finished is skipped. */
export async function runScheduledJob(services: Services, name: string, slot: string): Promise<RunOutcome> {
  const job = findScheduledJob(name);
  const runId = await claimRun(services.db, services.clock, job.name, slot, runner());
  if (runId === null) return { job: job.name, slot, outcome: 'skipped' };
  try {
    const result = await job.run(services, slot);
    await finishRun(services.db, services.clock, runId, { status: 'done', result });
    services.logger.info('scheduled job', { job: job.name, slot, outcome: 'ran' });
    return { job: job.name, slot, outcome: 'ran', result };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    await finishRun(services.db, services.clock, runId, { status: 'failed', error });
    services.logger.error('scheduled job failed', { job: job.name, slot, error });
    return { job: job.name, slot, outcome: 'failed', error };
  }
}

/** What a firing does (the daemon's node-schedule trigger and `wfctl schedule run`): every due slot. */
export async function fireScheduledJob(
  services: Services,
  name: string,
  args: ScheduleArgs = {},
): Promise<RunOutcome[]> {
  const job = findScheduledJob(name);
  const at = services.clock.now();
  const slots = job.slotsDue ? await job.slotsDue(services, at, args) : [defaultSlot(job, at)];
  const done = await doneSlots(services.db, job.name, slots);
  const outcomes: RunOutcome[] = [];
  for (const slot of slots) {
    outcomes.push(
      done.has(slot)
        ? { job: job.name, slot, outcome: 'skipped' }
        : await runScheduledJob(services, job.name, slot),
    );
  }
  return outcomes;
}
