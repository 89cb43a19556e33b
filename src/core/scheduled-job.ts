// What a scheduled (recurring) job is. Declared here, below the schedule (src/scheduler/schedule.ts)
// and the jobs it lists (src/scheduler/month-lock.ts, the partner push), so a job never imports the
// schedule that lists it.
import type { AnyOperation } from './operation.js';
import type { Services } from './services.js';

export interface ScheduleArgs {
  /** `wfctl schedule run month-lock --month YYYY-MM`. */
  month?: string;
}

export interface ScheduledJob {
  name: string;
  description: string;
  /** Cron expression (node-schedule), read in `timezone`. */
  cron: string;
  timezone: string;
  /**
   * The catalogue operation each slot runs (through runOperation, as the built-in system user);
   * `wfctl schedule` shows its name.
   */
  operation: AnyOperation;
  /** The slots a firing at `at` covers; default: one, the fire time in the job's time zone. */
  slotsDue?(services: Services, at: Date, args: ScheduleArgs): Promise<string[]>;
  run(services: Services, slot: string): Promise<Record<string, unknown>>;
}
