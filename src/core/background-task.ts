// A task the daemon runs beside its listeners (the scheduler, the job worker). Declared here, below
// both the task list (src/tasks.ts) and the tasks themselves (src/scheduler), so neither imports
// the other's module.
import type { Services } from './services.js';

export interface BackgroundTask {
  name: string;
  /** Starts the task; the returned function stops it and resolves once its current run has finished. */
  start(services: Services): () => Promise<void>;
}
