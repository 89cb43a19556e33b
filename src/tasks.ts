// Background tasks the daemon runs beside its listeners (the scheduler and the job worker).
// Each returns a stop function that resolves once its current run has finished.
import type { Services } from './core/services.js';

export interface BackgroundTask {
  name: string;
  start(services: Services): () => Promise<void>;
}

export const backgroundTasks: BackgroundTask[] = [];
