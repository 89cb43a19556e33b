// Calendar arithmetic on 'YYYY-MM-DD' dates and 'YYYY-MM' months, and wall-clock readings of an
// instant in an IANA time zone. Always through Intl with an explicit zone: the process TZ never
// decides what day it is.

export interface ZonedParts {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** YYYY-MM in the zone. */
  month: string;
  year: number;
  monthNumber: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Minutes since local midnight. */
  minuteOfDay: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** What a wall clock in `timeZone` shows at `at`. */
export function zonedParts(at: Date, timeZone: string): ZonedParts {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(at)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const hour = parts.hour === 24 ? 0 : parts.hour;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const month = `${pad(parts.year, 4)}-${pad(parts.month)}`;
  return {
    date: `${month}-${pad(parts.day)}`,
    month,
    year: parts.year,
    monthNumber: parts.month,
    day: parts.day,
    hour,
    minute: parts.minute,
    second: parts.second,
    minuteOfDay: hour * 60 + parts.minute,
  };
}

/**
 * The first instant of calendar day `date` (YYYY-MM-DD) on the wall clock of `timeZone`: what a
 * person in that zone means by "from that day on". For Asia/Kolkata, 2026-03-01 starts at
 * 2026-02-28T18:30:00Z. Where a clock change skips local midnight, the day starts when it does.
 */
export function startOfZonedDay(date: string, timeZone: string): Date {
  const midnight = Date.parse(`${date}T00:00:00.000Z`);
  let at = midnight;
  // The zone's offset at `at`, applied until the wall clock reads midnight (two steps settle it).
  for (let i = 0; i < 3; i++) {
    const p = zonedParts(new Date(at), timeZone);
    const wall = Date.UTC(p.year, p.monthNumber - 1, p.day, p.hour, p.minute, p.second);
    if (wall === midnight) return new Date(at);
    at += midnight - wall;
  }
  // No local midnight that day (a skipped hour): the first minute whose local date is the day.
  at -= 3 * 3600 * 1000;
  while (zonedParts(new Date(at), timeZone).date < date) at += 60 * 1000;
  return new Date(at);
}

/** `2026-12-01T02:00+05:30`: the wall clock of `timeZone` at `at`, with its offset. */
export function wallClock(at: Date, timeZone: string): string {
  const p = zonedParts(at, timeZone);
  const local = `${p.date}T${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
  const offset = Math.round(
    (Date.parse(`${local}:${String(p.second).padStart(2, '0')}Z`) - at.getTime()) / 60_000,
  );
  const abs = Math.abs(offset);
  const sign = offset < 0 ? '-' : '+';
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** UTC time of day of an instant, as `HH:MM:SSZ`. */
export function utcTimeOfDay(at: Date): string {
  return at.toISOString().slice(11, 19) + 'Z';
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function addMonths(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** First day, last day, and the first day of the next month, of a 'YYYY-MM' month. */
export function monthBounds(month: string): { first: string; last: string; next: string } {
  const next = `${addMonths(month, 1)}-01`;
  return { first: `${month}-01`, last: addDays(next, -1), next };
}

/** Every month touched by the inclusive date range, in order. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = from.slice(0, 7); m <= to.slice(0, 7); m = addMonths(m, 1)) out.push(m);
  return out;
}
