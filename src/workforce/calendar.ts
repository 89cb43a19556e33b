// Calendar dates ('YYYY-MM-DD') as the workforce records hold them. "Today" is a local date in an
// organization's timezone, never the server's: a shift "in the future" in Bengaluru is judged by
// the clock on the wall in Bengaluru. The arithmetic itself is core's.
import { addDays, isValidTimeZone, zonedParts } from '../core/calendar.js';

export { addDays, isValidTimeZone };

/** The local calendar date of `instant` in `timeZone` (an unknown zone falls back to UTC). */
export function localDate(instant: Date, timeZone: string): string {
  return zonedParts(instant, isValidTimeZone(timeZone) ? timeZone : 'UTC').date;
}

/** The later of two dates. */
export function maxDate(a: string, b: string): string {
  return a > b ? a : b;
}
