// The daemon's job worker: polls the queue every WORKER_POLL_MS and drains what is due. Stopping
// claims nothing more at once; the job in hand gets the shutdown grace to finish, and is then
// given back (its lease released) so another daemon takes it over without waiting out the lease.
import { hostname } from 'node:os';
import { randomToken } from '../core/crypto.js';
import { workOnce, type JobHandlers } from '../core/job-queue.js';
import type { LeaseTimers } from '../core/lease.js';
import type { Services } from '../core/services.js';
import type { BackgroundTask } from '../core/background-task.js';
import { writerFenceOf } from '../db/galera.js';

export const workerId = () => `${hostname()}:${process.pid}:${randomToken(6)}`;

export interface WorkerOptions {
  /** The queue's handlers by job name: the daemon's (jobHandlers, src/tasks.ts), or a test's. */
  handlers: JobHandlers;
  /** The jobs' lease heartbeat timers (tests inject them). */
  timers?: LeaseTimers;
  id?: string;
}

export interface RunningWorker {
  id: string;
  /** Claims nothing more; the job in hand gets graceMs (default: as long as it takes), then is released. */
  stop(graceMs?: number): Promise<void>;
}

export function startWorker(services: Services, opts: WorkerOptions): RunningWorker {
  const id = opts.id ?? workerId();
  const { handlers } = opts;
  const release = new AbortController();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;
  const drain = async () => {
    // A daemon fenced off the Galera writer claims nothing: the writer's daemons do the work.
    if (writerFenceOf(services.db)?.refusal()) return;
    try {
      while (
        !stopped &&
        (await workOnce(services, handlers, id, { timers: opts.timers, release: release.signal }))
      ) {
        // keep going while jobs are due
      }
    } catch (err) {
      services.logger.error('job worker error', { error: err as Error });
    }
  };
  const loop = () => {
    if (stopped) return;
    current = drain().finally(() => {
      current = null;
      if (!stopped) timer = setTimeout(loop, services.config.workerPollMs);
    });
  };
  timer = setTimeout(loop, 0);
  return {
    id,
    async stop(graceMs = Infinity) {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (!current) return;
      const grace = Number.isFinite(graceMs) ? setTimeout(() => release.abort(), graceMs) : null;
      await current;
      if (grace) clearTimeout(grace);
    },
  };
}

/** The daemon's job worker over `handlers` (the composition root's jobHandlers, src/tasks.ts). */
export function workerTask(handlers: JobHandlers): BackgroundTask {
  return {
    name: 'job-worker',
    start(services: Services) {
      if (!services.config.workerEnabled) return async () => {};
      const worker = startWorker(services, { handlers });
      return (graceMs) => worker.stop(graceMs);
    },
  };
}
