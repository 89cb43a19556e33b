// When the automatic month lock of a pay month falls due: 02:00 on the 1st of the next month on the
// organization's wall clock, and not before the month has ended for every active unit: a unit's days
// are its own time zone's, and one west of its organization is still in the month's last day at the
// organization's 02:00 (its evening check-outs would be refused, and partners handed a day cut
// short). Here, in the workforce context, because attendance.lock-due-month (which the schedule
// runs) needs it to tell an unlock on purpose from an earlier one; the schedule
// (src/workforce/attendance/month-lock-job.ts) uses it to find the slots, and attendance.lock refuses
// a month that has not ended in every zone it covers.
import type { Knex } from 'knex';
import { addMonths, zonedParts } from '../../core/calendar.js';
import { MINUTE } from '../../core/clock.js';

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

/** The zones an organization's month waits for: its own, then each active unit's (distinct). */
export async function lockZones(db: Knex, organizationId: number, ownZone: string): Promise<string[]> {
  const units = await db('organization_units')
    .where({ organization_id: organizationId, status: 'active' })
    .distinct('timezone')
    .pluck('timezone');
  return [...new Set([ownZone, ...units.map(String)])];
}

/** The month just ended in every one of `zones` (the earliest of their months just ended). */
export function monthJustEndedIn(at: Date, zones: string[]): string {
  return zones.map((z) => monthJustEnded(at, z)).reduce((a, b) => (b < a ? b : a));
}

/** When `month`'s lock is due in every one of `zones` (the latest of their 02:00s). */
export function lockDueAtIn(month: string, zones: string[]): Date {
  return new Date(Math.max(...zones.map((z) => lockDueAt(month, z).getTime())));
}
