// When the automatic month lock of a pay month falls due: 02:00 on the 1st of the next month on the
// organization's wall clock. Here, in the workforce context, because attendance.lock-due-month (which
// the schedule runs) needs it to tell an unlock on purpose from an earlier one; the schedule
// (src/workforce/attendance/month-lock-job.ts) uses it to find the slots.
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
