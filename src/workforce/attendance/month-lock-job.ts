// The automatic month lock: once it is 02:00 on the 1st in an organization's time zone, the month
// just ended is locked for the whole organization (attendance.lock-due-month through runOperation,
// acting as the built-in system user: it holds the month's mutex, skips a month unlocked on purpose,
// and calls attendance.lock, so the same checks and audit entry as a lock by hand).
//
// Each organization-month is its own slot, claimed once across daemons (src/scheduler/runs.ts). The
// trigger looks every minute, and once when the daemon starts, so every time zone (+05:45 and
// −03:30 included) locks at its own 02:00 to the minute, and any month whose 02:00 passed while no
// daemon ran is caught up: every month of the organization, from the month it was created (on its
// own wall clock) to the month just ended, at most CATCH_UP_MONTHS back, that never ran to
// completion. Months before the organization existed in this database are history (imported) and
// are never locked by it. A month someone unlocked on purpose after its 02:00 counts as done (the
// slot records why) and is never locked again by the schedule.
import { addMonths, wallClock, zonedParts } from '../../core/calendar.js';
import { AppError } from '../../core/errors.js';
import { runOperation } from '../../core/operation.js';
import type { ScheduleArgs, ScheduledJob, UpcomingSlot } from '../../core/scheduled-job.js';
import type { Services } from '../../core/services.js';
import { fromDbTime } from '../../db/time.js';
import { lockDueAtIn, monthJustEndedIn } from './lock-due.js';
import { lockDueMonth } from './operations/lock-due-month.js';
import { workforceContext } from '../context.js';
import { systemActor } from '../identity/actor.js';
import { doneSlots } from '../../db/scheduler-runs.js';

export { LOCK_HOUR, lockDueAt, monthJustEnded } from './lock-due.js';

// The wall clock with its offset, as `wfctl schedule` shows every due time (moved to the calendar,
// where the clinic's schedule entry reads it too).
export { wallClock } from '../../core/calendar.js';

const slotOf = (month: string, organizationId: number) => `${month}/org:${organizationId}`;

function parseSlot(slot: string): { month: string; organizationId: number } {
  const m = /^(\d{4}-\d{2})\/org:(\d+)$/.exec(slot);
  if (!m) throw new Error(`Malformed month-lock slot "${slot}".`);
  return { month: m[1], organizationId: Number(m[2]) };
}

interface Org {
  id: number;
  code: string;
  timezone: string;
  /** The organization's zone and its active units' (lock-due.ts: a month waits for all of them). */
  zones: string[];
  createdMonth: string | null;
}

async function activeOrganizations(services: Services): Promise<Org[]> {
  const rows = await services
    .db('organizations')
    .where({ status: 'active', is_active: true })
    .orderBy('id')
    .select('id', 'code', 'timezone', 'created_at');
  const unitZones = await services
    .db('organization_units')
    .where({ status: 'active' })
    .distinct('organization_id', 'timezone');
  return rows.map((o) => {
    const created = fromDbTime(o.created_at);
    const own = String(o.timezone);
    const units = unitZones
      .filter((u) => Number(u.organization_id) === Number(o.id))
      .map((u) => String(u.timezone));
    return {
      id: Number(o.id),
      code: String(o.code),
      timezone: own,
      zones: [...new Set([own, ...units])],
      createdMonth: created ? zonedParts(created, o.timezone).month : null,
    };
  });
}

/**
 * How far back the schedule catches up: the month just ended and the eleven before it. A database
 * whose organizations are older than its schedule (the scheduler switched on late, a daemon down
 * for longer) gets at most a year of months locked at once, never the whole history.
 */
export const CATCH_UP_MONTHS = 12;

/**
 * Every month of `org` whose lock fell due by `at`: from the month the organization was created
 * (its first month in this database, whose lock falls due on the first 1st after it was created),
 * bounded to CATCH_UP_MONTHS back, to the month just ended. Which of them already ran is the
 * slots' business (doneSlots): a first 1st-of-month missed is owed like any other.
 */
export function monthsDue(
  org: Pick<Org, 'timezone' | 'createdMonth'> & { zones?: string[] },
  at: Date,
): string[] {
  const last = monthJustEndedIn(at, org.zones ?? [org.timezone]);
  const bound = addMonths(last, -(CATCH_UP_MONTHS - 1));
  const start = org.createdMonth && org.createdMonth > bound ? org.createdMonth : bound;
  const months: string[] = [];
  for (let m = start; m <= last; m = addMonths(m, 1)) months.push(m);
  return months;
}

export const monthLockJob: ScheduledJob = {
  name: 'month-lock',
  description:
    'Locks the month just ended for every active organization, at 02:00 on the 1st in the organization’s time zone, once the month has ended for each of its units too (checked every minute)',
  cron: '* * * * *',
  timezone: 'UTC',
  fireOnStart: true,
  operation: lockDueMonth,
  async slotsDue(services: Services, at: Date, args: ScheduleArgs) {
    const slots: string[] = [];
    for (const org of await activeOrganizations(services)) {
      if (args.month) slots.push(slotOf(args.month, org.id));
      else for (const month of monthsDue(org, at)) slots.push(slotOf(month, org.id));
    }
    return slots;
  },
  async upcoming(services: Services, at: Date): Promise<UpcomingSlot[]> {
    const orgs = await activeOrganizations(services);
    const pending = orgs.flatMap((o) => monthsDue(o, at).map((m) => slotOf(m, o.id)));
    const done = await doneSlots(services.db, 'month-lock', pending);
    return orgs.map((org) => {
      // The month now running on the organization's wall clock is the next to fall due.
      const month = addMonths(monthJustEndedIn(at, org.zones), 1);
      const dueAt = lockDueAtIn(month, org.zones);
      return {
        slot: slotOf(month, org.id),
        subject: `organization ${org.code}`,
        timezone: org.timezone,
        due_at: dueAt.toISOString(),
        due_local: wallClock(dueAt, org.timezone),
        overdue: monthsDue(org, at)
          .map((m) => slotOf(m, org.id))
          .filter((s) => !done.has(s)),
      };
    });
  },
  async run(services: Services, slot: string) {
    const { month, organizationId } = parseSlot(slot);
    const ctx = workforceContext(services, await systemActor(services.db));
    try {
      return await runOperation(lockDueMonth, ctx, { organization_id: organizationId, month });
    } catch (err) {
      // Someone locked it by hand first: the month is locked, which is what this run is for.
      if (err instanceof AppError && err.code === 'MONTH_ALREADY_LOCKED') {
        return { organization_id: organizationId, month, already_locked_by: err.details?.lock_id };
      }
      throw err;
    }
  },
};
