// Calendar dates ('YYYY-MM-DD') as the workforce records hold them. "Today" is a local date in an
// organization's timezone, never the server's: a shift "in the future" in Bengaluru is judged by
// the clock on the wall in Bengaluru.

/** The local calendar date of `instant` in `timeZone` (an IANA name; unknown names fall back to UTC). */
export function localDate(instant: Date, timeZone: string): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(instant);
  } catch {
    return instant.toISOString().slice(0, 10);
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** `date` moved by `days` calendar days (negative moves back). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The later of two dates. */
export function maxDate(a: string, b: string): string {
  return a > b ? a : b;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
    return true;
  } catch {
    return false;
  }
}
