// A task the daemon runs beside its listeners (the scheduler, the job worker). Declared here, below
// both the task list (src/tasks.ts) and the tasks themselves (src/scheduler), so neither imports
// the other's module.
import type { Services } from './services.js';

export interface BackgroundTask {
  name: string;
  /**
   * Starts the task (throwing when it cannot). The returned function stops it: nothing new is
   * claimed from then on; the work in hand gets graceMs (default: as long as it takes) to finish,
   * and is then released (its lease cleared) so another daemon takes it over at once.
   */
  start(services: Services): (graceMs?: number) => Promise<void>;
}
