// A database job queue. Handlers are registered by name (a plain map the composition root builds);
// a job is enqueued inside the transaction that decided it, claimed by exactly one worker
// (FOR UPDATE SKIP LOCKED on MySQL; SQLite's single writer serialises), run, and on failure retried
// with exponential backoff until max_attempts. A claim is a lease (LEASE_SECONDS) that the worker's
// heartbeat renews while the handler runs; a worker that dies stops renewing, and once the lease
// lapses the next worker (a daemon or `wfctl jobs work`) claims the job again as a new attempt, so a
// crash costs one lease and a retry, never a lost job. The claim itself (its SQL and its READ
// COMMITTED transaction) is the data layer's: src/db/job-queue-store.ts.
import type { Knex } from 'knex';
import type { Clock } from './clock.js';
import { MINUTE, SECOND } from './clock.js';
import { leaseUntil, releasedLease, startHeartbeat, whenAborted, type LeaseTimers } from './lease.js';
import { ValidationError } from './errors.js';
import { runOperation, type AnyOperation, type OperationContext } from './operation.js';
import type { Services } from './services.js';
import { claimDueJobRow } from '../db/job-queue-store.js';
import { isoOrNull, toDbTime } from '../db/time.js';

export const JOB_DEFAULTS = {
  maxAttempts: 5,
  backoffBaseMs: 30 * SECOND,
  backoffMaxMs: 60 * MINUTE,
} as const;

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobRecord {
  id: number;
  name: string;
  payload: Record<string, unknown>;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: string | null;
  locked_at: string | null;
  locked_by: string | null;
  /** While running: the worker's claim holds until then (renewed by its heartbeat). */
  lease_until: string | null;
  last_error: string | null;
  result: unknown;
  created_at: string | null;
  finished_at: string | null;
}

/** What a handler does with a claimed job. */
export type JobWork = (services: Services, payload: any, job: JobRecord) => Promise<unknown>;

/**
 * A queue handler that finishes a use case declares it, as a scheduled job does
 * (core/scheduled-job.ts): the catalogue operation, the operation's input for a job, and the context
 * it runs in (its context's built-in system user). The worker runs it through runOperation, so the
 * job gets the operation's validation, checks, transaction and audit like any face; an input the
 * operation refuses (a 422) fails the job at once, as retrying cannot change it.
 */
export interface OperationHandler<Payload = any> {
  operation: AnyOperation;
  input(payload: Payload, job: JobRecord): unknown;
  context(services: Services): Promise<OperationContext<any>>;
  /** What the job records of the result (default: the result); throwing fails the attempt. */
  outcome?(result: any, services: Services): unknown;
}

/**
 * A queue handler: an operation the worker runs (OperationHandler), or a plain function for upkeep
 * that runs no operation (delivering a mail an operation already wrote to the outbox).
 */
export type JobHandler = JobWork | OperationHandler;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** The operation a handler names, if any. */
export function operationOfHandler(handler: JobHandler | undefined): AnyOperation | null {
  return handler && typeof handler !== 'function' ? handler.operation : null;
}

/** Thrown by a handler when retrying cannot help: the job fails at once. */
export class PermanentJobError extends Error {}

export function backoffMs(attempt: number): number {
  return Math.min(JOB_DEFAULTS.backoffMaxMs, JOB_DEFAULTS.backoffBaseMs * 2 ** Math.max(0, attempt - 1));
}

/** Adds a job; pass the operation's transaction so the job exists exactly when its cause commits. */
export async function enqueueJob(
  db: Knex,
  clock: Clock,
  job: { name: string; payload?: Record<string, unknown>; maxAttempts?: number; runAt?: Date },
): Promise<number> {
  const now = clock.now();
  const [id] = await db('jobs').insert({
    name: job.name,
    payload: JSON.stringify(job.payload ?? {}),
    status: 'queued',
    attempts: 0,
    max_attempts: job.maxAttempts ?? JOB_DEFAULTS.maxAttempts,
    run_at: toDbTime(job.runAt ?? now),
    created_at: toDbTime(now),
    updated_at: toDbTime(now),
  });
  return Number(id);
}

/**
 * Claims the next due job (or job `id`) for `workerId` with a lease of `leaseMs`; a running job
 * whose lease lapsed counts as due. Null when none is due.
 */
export async function claimJob(
  db: Knex,
  clock: Clock,
  workerId: string,
  opts: { id?: number; leaseMs: number },
): Promise<JobRecord | null> {
  const now = clock.now();
  const row = await claimDueJobRow(db, {
    now,
    leaseUntil: leaseUntil(now, opts.leaseMs),
    workerId,
    id: opts.id,
  });
  return row ? toRecord(row) : null;
}

export interface WorkOptions {
  /** The heartbeat's timers (tests inject them; real intervals otherwise). */
  timers?: LeaseTimers;
  /**
   * Aborted when the daemon's shutdown grace is over: a job still running then is given back (its
   * lease cleared, see releaseJob) and the run returns without waiting for its handler.
   */
  release?: AbortSignal;
}

/** Runs a claimed job and records the outcome: done, queued again after a backoff, or failed. */
export async function runClaimedJob(
  services: Services,
  handlers: JobHandlers,
  job: JobRecord,
  opts: WorkOptions = {},
): Promise<JobRecord> {
  const { db, clock, logger, config } = services;
  const started = performance.now();
  // This attempt's claim: a worker that took the job over after our lease lapsed counted another
  // attempt, so our late outcome matches no row and cannot overwrite its work.
  const mine = () =>
    db('jobs').where({ id: job.id, locked_by: job.locked_by, attempts: job.attempts, status: 'running' });
  const heartbeat = startHeartbeat({
    leaseMs: config.leaseMs,
    timers: opts.timers,
    renew: async () =>
      (await mine().update({ lease_until: toDbTime(leaseUntil(clock.now(), config.leaseMs)) })) === 1,
    onError: (error) => logger.warn('job lease renewal failed', { job_id: job.id, error: error as Error }),
  });
  const settled = settle(services, handlers, job);
  const outcome = opts.release
    ? await Promise.race([settled, whenAborted(opts.release).then(() => null)])
    : await settled;
  await heartbeat.stop();
  if (outcome === null) return releaseJob(services, job, mine);
  if ((await mine().update(outcome)) !== 1) {
    logger.warn('job outcome dropped: its lease lapsed and another worker took it over', {
      job_id: job.id,
      attempt: job.attempts,
    });
  }
  const after = toRecord(await db('jobs').where({ id: job.id }).first());
  const operation = operationOfHandler(handlers[job.name]);
  logger.info('job', {
    job_id: job.id,
    job: job.name,
    ...(operation ? { operation: operation.name } : {}),
    attempt: job.attempts,
    status: after.status,
    duration_ms: Math.round(performance.now() - started),
    ...(after.status !== 'done' && after.last_error ? { error: after.last_error } : {}),
  });
  return after;
}

/** Runs the job's handler; the row update that records its outcome (done, retried or failed). */
async function settle(
  services: Services,
  handlers: JobHandlers,
  job: JobRecord,
): Promise<Record<string, unknown>> {
  const { clock } = services;
  try {
    const handler = handlers[job.name];
    if (!handler) throw new PermanentJobError(`No handler is registered for jobs named "${job.name}".`);
    const result =
      typeof handler === 'function'
        ? await handler(services, job.payload, job)
        : await runHandlerOperation(services, handler, job);
    const now = toDbTime(clock.now());
    return {
      status: 'done',
      result: JSON.stringify(result ?? null),
      last_error: null,
      locked_at: null,
      lease_until: null,
      finished_at: now,
      updated_at: now,
    };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const permanent = err instanceof PermanentJobError || job.attempts >= job.max_attempts;
    const now = clock.now();
    return {
      status: permanent ? 'failed' : 'queued',
      last_error: message.slice(0, 4000),
      locked_at: null,
      lease_until: null,
      run_at: toDbTime(permanent ? now : new Date(now.getTime() + backoffMs(job.attempts))),
      finished_at: permanent ? toDbTime(now) : null,
      updated_at: toDbTime(now),
    };
  }
}

/** An operation handler's job: the operation run through the runner on the job's input. */
async function runHandlerOperation(
  services: Services,
  handler: OperationHandler,
  job: JobRecord,
): Promise<unknown> {
  const ctx = await handler.context(services);
  const result = await runOperation(handler.operation, ctx, handler.input(job.payload, job)).catch((err) => {
    if (err instanceof ValidationError)
      throw new PermanentJobError(`The job's payload is invalid: ${err.message}`);
    throw err;
  });
  return handler.outcome ? handler.outcome(result, services) : result;
}

/**
 * Gives a running job back at shutdown: its lease lapses now (conditional on still holding it), so
 * another worker claims it within its next poll. The interrupted attempt is not counted against the
 * job (the stop was not the job's fault); the claimer counts its own.
 */
async function releaseJob(
  services: Services,
  job: JobRecord,
  mine: () => Knex.QueryBuilder,
): Promise<JobRecord> {
  const { db, clock, logger } = services;
  const now = clock.now();
  const released =
    (await mine().update({
      lease_until: toDbTime(releasedLease(now)),
      attempts: job.attempts - 1,
      updated_at: toDbTime(now),
    })) === 1;
  logger.warn(released ? 'job released: the daemon stopped before it finished' : 'job already taken over', {
    job_id: job.id,
    job: job.name,
    attempt: job.attempts,
  });
  return toRecord(await db('jobs').where({ id: job.id }).first());
}

/** Claims and runs one due job; null when nothing is due. */
export async function workOnce(
  services: Services,
  handlers: JobHandlers,
  workerId: string,
  opts: { id?: number } & WorkOptions = {},
): Promise<JobRecord | null> {
  const job = await claimJob(services.db, services.clock, workerId, {
    id: opts.id,
    leaseMs: services.config.leaseMs,
  });
  return job ? runClaimedJob(services, handlers, job, opts) : null;
}

export async function getJob(db: Knex, id: number): Promise<JobRecord | null> {
  const row = await db('jobs').where({ id }).first();
  return row ? toRecord(row) : null;
}

/** Newest first. */
export async function listJobs(
  db: Knex,
  opts: { status?: JobStatus; name?: string; limit?: number } = {},
): Promise<JobRecord[]> {
  const q = db('jobs')
    .orderBy('id', 'desc')
    .limit(opts.limit ?? 50);
  if (opts.status) q.where('status', opts.status);
  if (opts.name) q.where('name', opts.name);
  return (await q).map(toRecord);
}

function toRecord(row: any): JobRecord {
  const json = (v: unknown) => {
    if (typeof v !== 'string') return null;
    try {
      return JSON.parse(v);
    } catch {
      return null;
    }
  };
  return {
    id: Number(row.id),
    name: String(row.name),
    payload: json(row.payload) ?? {},
    status: row.status,
    attempts: Number(row.attempts),
    max_attempts: Number(row.max_attempts),
    run_at: isoOrNull(row.run_at),
    locked_at: isoOrNull(row.locked_at),
    locked_by: row.locked_by ?? null,
    lease_until: isoOrNull(row.lease_until),
    last_error: row.last_error ?? null,
    result: json(row.result),
    created_at: isoOrNull(row.created_at),
    finished_at: isoOrNull(row.finished_at),
  };
}
