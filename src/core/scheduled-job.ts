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
  /** Fire once when the daemon starts too: `slotsDue` then catches up what passed while it was down. */
  fireOnStart?: boolean;
  /** The slots a firing at `at` covers; default: one, the fire time in the job's time zone. */
  slotsDue?(services: Services, at: Date, args: ScheduleArgs): Promise<string[]>;
  /**
   * When the job will really act next, when that differs from its trigger (the month lock is
   * checked every minute but locks at 02:00 on the 1st in each organization's time zone).
   */
  upcoming?(services: Services, at: Date): Promise<UpcomingSlot[]>;
  run(services: Services, slot: string): Promise<Record<string, unknown>>;
}

/** One slot still to come, as `wfctl schedule` shows it. */
export interface UpcomingSlot {
  slot: string;
  /** What it acts on, e.g. `organization ACME`. */
  subject: string;
  timezone: string;
  /** ISO-8601 UTC. */
  due_at: string;
  /** The same instant on the subject's wall clock, with its offset: `2026-12-01T02:00+05:30`. */
  due_local: string;
  /** Earlier slots whose time passed and that have not run yet (caught up at the next tick). */
  overdue: string[];
}
