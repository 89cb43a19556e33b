// attendance.lock-due-month: the automatic lock of one organization's month, as the schedule runs it
// (src/workforce/attendance/month-lock-job.ts, acting as the built-in system user) once the month's lock fell due.
// In one transaction it holds the month's mutex, checks that nobody unlocked the month on purpose
// after it fell due, and locks the whole organization through attendance.lock (its checks and audit
// entry included). Held from before the check until the lock commits, the mutex means an unlock on
// purpose either committed first (and is seen here) or waits for this lock and undoes it: the
// schedule never locks again behind an unlock.
import { NotFoundError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import { isoOrNull, toDbTime } from '../../../db/time.js';
import type { WorkforceRun } from '../../context.js';
import { lockDueAtIn, lockZones } from '../lock-due.js';
import { holdMonth } from '../month-mutex.js';
import { lockDueMonthSchema } from '../schemas.js';
import { lockMonth } from './lock-month.js';

export type LockDueMonthResult =
  | { organization_id: number; month: string; lock_id: number | null; rows_locked: number }
  | {
      organization_id: number;
      month: string;
      skipped: 'unlocked_on_purpose';
      lock_id: number;
      unlocked_by: number | null;
      unlocked_at: string | null;
    };

export const lockDueMonth = defineWrite('attendance.lock-due-month', 'attendance.lock', {
  summary: "Lock an organization's month whose automatic lock fell due, unless it was unlocked on purpose",
  input: lockDueMonthSchema,
  // The check reads what committed while the mutex was awaited (an unlock on purpose).
  isolation: 'read committed',
  async run(ctx: WorkforceRun, input): Promise<LockDueMonthResult> {
    const org = await ctx.db('organizations').where({ id: input.organization_id }).first('id', 'timezone');
    if (!org) throw new NotFoundError('Organization not found.');
    await ctx.authorize(Number(org.id), 'Organization');
    await holdMonth(ctx.db, Number(org.id), input.month, 'exclusive');
    // The automatic lock of this month is over once someone unlocked it on purpose after it fell due
    // (the lock they undid was a hand lock: the daemon was down or late, or had it locked and the
    // slot was re-run by hand).
    const unlocked = await unlockedOnPurpose(ctx, Number(org.id), input.month, String(org.timezone));
    if (unlocked) return { ...input, skipped: 'unlocked_on_purpose', ...unlocked };
    const lock = await ctx.call(lockMonth, { organization_id: input.organization_id, month: input.month });
    return { ...input, lock_id: lock.lock_id, rows_locked: lock.rows_locked };
  },
});

/** The unlock of this organization-month made after its lock fell due, if any (the latest). */
async function unlockedOnPurpose(ctx: WorkforceRun, organizationId: number, month: string, timezone: string) {
  const since = toDbTime(lockDueAtIn(month, await lockZones(ctx.db, organizationId, timezone)));
  const entries = await ctx
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
