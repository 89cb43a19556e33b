// The daemon's job worker: polls the queue every WORKER_POLL_MS and drains what is due; stopping
// waits for the job in hand to finish (its transaction either commits or the job is retried).
import { hostname } from 'node:os';
import { randomToken } from '../core/crypto.js';
import { workOnce } from '../core/job-queue.js';
import type { Services } from '../core/services.js';
import type { BackgroundTask } from '../core/background-task.js';
import { writerFenceOf } from '../db/galera.js';
import { jobHandlers } from './handlers.js';

export const workerId = () => `${hostname()}:${process.pid}:${randomToken(6)}`;

export const workerTask: BackgroundTask = {
  name: 'job-worker',
  start(services: Services) {
    if (!services.config.workerEnabled) return async () => {};
    const id = workerId();
    let stopped = false;
    let timer: NodeJS.Timeout | null = null;
    let current: Promise<void> | null = null;
    const drain = async () => {
      // A daemon fenced off the Galera writer claims nothing: the writer's daemons do the work.
      if (writerFenceOf(services.db)?.refusal()) return;
      try {
        while (!stopped && (await workOnce(services, jobHandlers, id))) {
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
    return async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    };
  },
};
