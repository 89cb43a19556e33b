// Background tasks the daemon runs beside its listeners (the scheduler and the job worker).
// Each returns a stop function that resolves once its current run has finished.
import type { BackgroundTask } from './core/background-task.js';
import { schedulerTask } from './scheduler/scheduler.js';
import { workerTask } from './scheduler/worker.js';

// Each honours its switch (SCHEDULER_ENABLED, WORKER_ENABLED) and starts as a no-op when off.
export const backgroundTasks: BackgroundTask[] = [schedulerTask, workerTask];
