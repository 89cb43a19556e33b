// The automatic month lock: once it is 02:00 on the 1st in an organization's time zone, the month
// just ended is locked for the whole organization (attendance.lock through runOperation, acting as
// the built-in system user, so the same checks and audit entry as a lock by hand).
//
// Each organization-month is its own slot, claimed once across daemons (src/scheduler/runs.ts). The
// trigger looks every minute, and once when the daemon starts, so every time zone (+05:45 and
// −03:30 included) locks at its own 02:00 to the minute, and any month whose 02:00 passed while no
// daemon ran is caught up: every month of the organization, from the month it was created (on its
// own wall clock) to the month just ended, at most CATCH_UP_MONTHS back, that never ran to
// completion. Months before the organization existed in this database are history (imported) and
// are never locked by it. A month someone unlocked on purpose after its 02:00 counts as done (the
// slot records why) and is never locked again by the schedule.
import { addMonths, wallClock, zonedParts } from '../core/calendar.js';
import { MINUTE } from '../core/clock.js';
import { AppError } from '../core/errors.js';
import { runOperation } from '../core/operation.js';
import type { ScheduleArgs, ScheduledJob, UpcomingSlot } from '../core/scheduled-job.js';
import type { Services } from '../core/services.js';
import { lockForUpdate } from '../db/knex.js';
import { fromDbTime, isoOrNull, toDbTime } from '../db/time.js';
import { inTransaction } from '../db/transaction.js';
import { lockMonth } from '../workforce/attendance/operations/lock-month.js';
import { workforceContext } from '../workforce/context.js';
import { systemActor } from '../workforce/identity/actor.js';
import { doneSlots } from './runs.js';

export const LOCK_HOUR = 2;

/** The month the automatic lock is due for at `at` in `timeZone`. */
export function monthJustEnded(at: Date, timeZone: string): string {
  const p = zonedParts(at, timeZone);
  return addMonths(p.month, p.day === 1 && p.hour < LOCK_HOUR ? -2 : -1);
}

/**
 * The instant `month`'s automatic lock falls due: 02:00 on the 1st of the next month on the wall
 * clock of `timeZone`, to the minute. Found by bisecting over minutes with monthJustEnded itself, so
 * it agrees with what the trigger decides even around a DST change (a 02:00 that a spring-forward
 * skips falls due at the first minute after the gap).
 */
export function lockDueAt(month: string, timeZone: string): Date {
  const [y, m] = addMonths(month, 1).split('-').map(Number);
  // Every zone's 02:00 on the 1st lies within a day either side of 02:00 UTC that day.
  let lo = Date.UTC(y, m - 1, 1, LOCK_HOUR) / MINUTE - 26 * 60; // not yet due
  let hi = lo + 52 * 60; // due
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (monthJustEnded(new Date(mid * MINUTE), timeZone) >= month) hi = mid;
    else lo = mid;
  }
  return new Date(hi * MINUTE);
}

// The wall clock with its offset, as `wfctl schedule` shows every due time (moved to the calendar,
// where the clinic's schedule entry reads it too).
export { wallClock } from '../core/calendar.js';

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
  createdMonth: string | null;
}

async function activeOrganizations(services: Services): Promise<Org[]> {
  const rows = await services
    .db('organizations')
    .where({ status: 'active', is_active: true })
    .orderBy('id')
    .select('id', 'code', 'timezone', 'created_at');
  return rows.map((o) => {
    const created = fromDbTime(o.created_at);
    return {
      id: Number(o.id),
      code: String(o.code),
      timezone: String(o.timezone),
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
export function monthsDue(org: Pick<Org, 'timezone' | 'createdMonth'>, at: Date): string[] {
  const last = monthJustEnded(at, org.timezone);
  const bound = addMonths(last, -(CATCH_UP_MONTHS - 1));
  const start = org.createdMonth && org.createdMonth > bound ? org.createdMonth : bound;
  const months: string[] = [];
  for (let m = start; m <= last; m = addMonths(m, 1)) months.push(m);
  return months;
}

/** The unlock of this organization-month made after its lock fell due, if any (the latest). */
async function unlockedOnPurpose(services: Services, organizationId: number, month: string) {
  const since = toDbTime(lockDueAt(month, await timezoneOf(services, organizationId)));
  const entries = await services
    .db('audit_entries')
    .where({ organization_id: organizationId, event: 'attendance.unlock' })
    .where('created_at', '>=', since)
    .orderBy('id', 'desc')
    .select('subject_id', 'actor_user_id', 'context', 'created_at');
  const found = entries.find((e) => {
    try {
      return JSON.parse(e.context).month === month;
    } catch {
      return false;
    }
  });
  return found
    ? {
        lock_id: Number(found.subject_id),
        unlocked_by: found.actor_user_id === null ? null : Number(found.actor_user_id),
        unlocked_at: isoOrNull(found.created_at),
      }
    : null;
}

async function timezoneOf(services: Services, organizationId: number): Promise<string> {
  const org = await services.db('organizations').where({ id: organizationId }).first('timezone');
  return org ? String(org.timezone) : 'UTC';
}

export const monthLockJob: ScheduledJob = {
  name: 'month-lock',
  description:
    'Locks the month just ended for every active organization, at 02:00 on the 1st in the organization’s time zone (checked every minute)',
  cron: '* * * * *',
  timezone: 'UTC',
  fireOnStart: true,
  operation: lockMonth,
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
      const month = addMonths(monthJustEnded(at, org.timezone), 1);
      const dueAt = lockDueAt(month, org.timezone);
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
      return await inTransaction(services.db, async (trx) => {
        // The organization row is the mutex lock and unlock take. Held from before the check until
        // the lock commits, an unlock on purpose either committed first (and is seen here) or waits
        // for this lock and undoes it: the schedule never locks again behind an unlock.
        await lockForUpdate(trx('organizations').where({ id: organizationId }), trx).first('id');
        const inTrx = { ...services, db: trx };
        // The automatic lock of this month is over once someone unlocked it on purpose after it fell
        // due (the lock they undid was a hand lock: the daemon was down or late, or had it locked
        // and the slot was re-run by hand).
        const unlocked = await unlockedOnPurpose(inTrx, organizationId, month);
        if (unlocked)
          return { organization_id: organizationId, month, skipped: 'unlocked_on_purpose', ...unlocked };
        const lock = await runOperation(
          lockMonth,
          { ...ctx, services: inTrx },
          { organization_id: organizationId, month },
        );
        return {
          organization_id: organizationId,
          month,
          lock_id: lock.lock_id,
          rows_locked: lock.rows_locked,
        };
      });
    } catch (err) {
      // Someone locked it by hand first: the month is locked, which is what this run is for.
      if (err instanceof AppError && err.code === 'MONTH_ALREADY_LOCKED') {
        return { organization_id: organizationId, month, already_locked_by: err.details?.lock_id };
      }
      throw err;
    }
  },
};
