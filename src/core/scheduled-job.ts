// What a scheduled (recurring) job is. Declared here, below the scheduler (src/scheduler) and the
// jobs the composition root lists (src/tasks.ts: the month lock, the partner push), so a job never
// imports the schedule that lists it and the scheduler never imports a context.
import type { AnyOperation, OperationContext } from './operation.js';
import type { Services } from './services.js';

export interface ScheduleArgs {
  /** `wfctl schedule run month-lock --month YYYY-MM`. */
  month?: string;
}

interface ScheduledJobBase {
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
}

/**
 * A job that changes records declares what a slot runs: `operation` with `input(slot)`, which the
 * scheduler runs through runOperation in the context `context` gives (its context's built-in system
 * user), so the slot gets the operation's validation, checks, transaction and audit like any face.
 */
export interface OperationJob extends ScheduledJobBase {
  input(slot: string): unknown;
  context(services: Services): Promise<OperationContext<any>>;
  /** What the slot records of the operation's result (default: the result); throwing fails the slot. */
  outcome?(result: any, services: Services): Record<string, unknown>;
}

/**
 * A job whose slot does more than run one operation, written by hand: the month lock (it takes the
 * organization row and looks for an unlock made on purpose around its lockMonth call), and the
 * tests' probe jobs.
 */
export interface HandRunJob extends ScheduledJobBase {
  run(services: Services, slot: string): Promise<Record<string, unknown>>;
}

export type ScheduledJob = OperationJob | HandRunJob;

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
