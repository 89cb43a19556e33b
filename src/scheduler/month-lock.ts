// The automatic month lock: once it is 02:00 on the 1st in an organization's time zone, the month
// just ended is locked for the whole organization (attendance.lock through runOperation, acting as
// the built-in system user, so the same checks and audit entry as a lock by hand). The trigger fires hourly so every time zone gets its 02:00; each organization-month
// is its own slot, so it is locked once, a later firing catches up after downtime, and a month an
// admin deliberately unlocked afterwards is not locked again by the schedule.
import { addMonths, zonedParts } from '../core/calendar.js';
import { AppError } from '../core/errors.js';
import { runOperation } from '../core/operation.js';
import type { ScheduleArgs, ScheduledJob } from '../core/scheduled-job.js';
import type { Services } from '../core/services.js';
import { fromDbTime } from '../db/time.js';
import { lockMonth } from '../workforce/attendance/operations/lock-month.js';
import { workforceContext } from '../workforce/context.js';
import { systemActor } from '../workforce/identity/actor.js';

export const LOCK_HOUR = 2;

/** The month the automatic lock is due for at `at` in `timeZone`. */
export function monthJustEnded(at: Date, timeZone: string): string {
  const p = zonedParts(at, timeZone);
  return addMonths(p.month, p.day === 1 && p.hour < LOCK_HOUR ? -2 : -1);
}

const slotOf = (month: string, organizationId: number) => `${month}/org:${organizationId}`;

function parseSlot(slot: string): { month: string; organizationId: number } {
  const m = /^(\d{4}-\d{2})\/org:(\d+)$/.exec(slot);
  if (!m) throw new Error(`Malformed month-lock slot "${slot}".`);
  return { month: m[1], organizationId: Number(m[2]) };
}

export const monthLockJob: ScheduledJob = {
  name: 'month-lock',
  description:
    'Locks the month just ended for every active organization, at 02:00 on the 1st in the organization’s time zone (checked hourly)',
  cron: '0 * * * *',
  timezone: 'UTC',
  operation: lockMonth,
  async slotsDue(services: Services, at: Date, args: ScheduleArgs) {
    const orgs = await services
      .db('organizations')
      .where({ status: 'active', is_active: true })
      .orderBy('id')
      .select('id', 'timezone', 'created_at');
    const slots: string[] = [];
    for (const org of orgs) {
      const month = args.month ?? monthJustEnded(at, org.timezone);
      // An organization created after the month ended is not locked retroactively by the schedule
      // (its history may still be imported); `--month` asks for that month explicitly.
      const created = fromDbTime(org.created_at);
      if (!args.month && created && zonedParts(created, org.timezone).month > month) continue;
      slots.push(slotOf(month, Number(org.id)));
    }
    return slots;
  },
  async run(services: Services, slot: string) {
    const { month, organizationId } = parseSlot(slot);
    const ctx = workforceContext(services, await systemActor(services.db));
    try {
      const lock = await runOperation(lockMonth, ctx, { organization_id: organizationId, month });
      return { organization_id: organizationId, month, lock_id: lock.lock_id, rows_locked: lock.rows_locked };
    } catch (err) {
      // Someone locked it by hand first: the month is locked, which is what this run is for.
      if (err instanceof AppError && err.code === 'MONTH_ALREADY_LOCKED') {
        return { organization_id: organizationId, month, already_locked_by: err.details?.lock_id };
      }
      throw err;
    }
  },
};
