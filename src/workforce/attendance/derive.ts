// The daily record derived from a day's punches: check-in is the first check-in, check-out the last
// check-out after it, worked_minutes the time between them; flags compare against the planned shift
// (unit-local HH:MM:SS) when there is one. A day that was stored before (an imported day, or one
// punched earlier) is amended, not re-derived: only what the punch changes is recomputed, and the
// flags that still hold are kept (issue 26, see amendDay).
import { addDays, utcTimeOfDay, zonedParts } from '../../core/calendar.js';
import type { AttendanceStatus } from './schemas.js';

/** With no planned shift, a full day is taken as 8 hours; under half of a full day is a half_day. */
export const DEFAULT_SHIFT_MINUTES = 8 * 60;

export interface DayPunch {
  kind: 'check_in' | 'check_out';
  at: Date;
  /** A correction (an admin's punch for the employee) replaces that time instead of competing with it. */
  source?: 'self' | 'correction';
}

/** The day's times before its first punch (an imported day), as instants. */
export interface Baseline {
  check_in: Date | null;
  check_out: Date | null;
}

export interface PlannedShift {
  starts_at: string | null;
  ends_at: string | null;
}

/** The day as stored before this punch: its times (UTC `HH:MM:SSZ`), minutes, status and flags. */
export interface StoredDay {
  check_in: string | null;
  check_out: string | null;
  worked_minutes: number;
  status: string;
  flags: string[];
}

export interface DerivedDay {
  status: AttendanceStatus;
  check_in: string | null;
  check_out: string | null;
  worked_minutes: number;
  flags: string[];
}

const toMinutes = (hms: string) => {
  const [h, m] = hms.split(':').map(Number);
  return h * 60 + m;
};

export function deriveDay(input: {
  date: string;
  timeZone: string;
  /** In the order they were recorded: the last correction of a kind wins. */
  punches: DayPunch[];
  shift: PlannedShift | null;
  regularized: boolean;
  baseline?: Baseline | null;
  /** The day as stored before this punch: given, the result amends it (see amendDay). */
  previous?: StoredDay | null;
}): DerivedDay {
  const { date, timeZone, shift } = input;
  const firstIn = pick(input, 'check_in');
  const lastOutAny = pick(input, 'check_out');
  const lastOut = lastOutAny && (!firstIn || +lastOutAny > +firstIn) ? lastOutAny : null;
  const worked = firstIn && lastOut ? Math.floor((+lastOut - +firstIn) / 60_000) : 0;

  const flags: string[] = [];
  const start = shift?.starts_at ? toMinutes(shift.starts_at) : null;
  const end = shift?.ends_at ? toMinutes(shift.ends_at) : null;
  if (firstIn && start !== null && zonedParts(firstIn, timeZone).minuteOfDay > start)
    flags.push('LATE_CHECK_IN');
  if (lastOut && end !== null) {
    // An overnight shift (ends at or before it starts) ends on the next local day.
    const endDay = start !== null && end <= start ? 1 : 0;
    const local = zonedParts(lastOut, timeZone);
    const outDay = local.date === date ? 0 : local.date === addDays(date, 1) ? 1 : 2;
    if (outDay < endDay || (outDay === endDay && local.minuteOfDay < end)) flags.push('EARLY_CHECK_OUT');
  }
  if (firstIn && !lastOut) flags.push('MISSING_CHECK_OUT');
  if (!firstIn && lastOut) flags.push('MISSING_CHECK_IN');
  if (input.regularized) flags.push('REGULARIZED');

  let fullDay = DEFAULT_SHIFT_MINUTES;
  if (start !== null && end !== null) fullDay = end > start ? end - start : end + 24 * 60 - start;
  const status: AttendanceStatus = worked > 0 && worked < fullDay / 2 ? 'half_day' : 'present';
  const derived: DerivedDay = {
    status,
    check_in: firstIn ? utcTimeOfDay(firstIn) : null,
    check_out: lastOut ? utcTimeOfDay(lastOut) : null,
    worked_minutes: worked,
    flags,
  };
  if (!input.previous) return derived;
  return amendDay(input, derived, { firstIn, lastOut, hasStart: start !== null, hasEnd: end !== null });
}

/** The flags this program derives; any other flag a day carries (an import's) is kept as it is. */
const DERIVED_FLAGS = ['LATE_CHECK_IN', 'EARLY_CHECK_OUT', 'MISSING_CHECK_OUT', 'MISSING_CHECK_IN'] as const;

/**
 * A stored day amended by a punch: a correction (or the employee's own punch) recomputes only what
 * it changes, so an imported day keeps what its source said about the rest.
 *
 * - Worked minutes and status are recomputed when the check-in or the check-out changed; otherwise
 *   the stored ones stay (an import may count breaks, or carry on_leave).
 * - LATE_CHECK_IN is about the check-in: while the check-in is unchanged the stored answer stays.
 *   A changed check-in is compared with the planned shift's start when there is one; without a
 *   shift the flag is kept only while it still holds for certain (the new check-in is not earlier
 *   than the one that was late). EARLY_CHECK_OUT likewise with the check-out (not later).
 * - MISSING_CHECK_IN / MISSING_CHECK_OUT follow which times the day has, once a time changed.
 * - REGULARIZED is never taken away; flags this program does not derive are kept.
 */
function amendDay(
  input: { date: string; timeZone: string; previous?: StoredDay | null; regularized: boolean },
  derived: DerivedDay,
  now: { firstIn: Date | null; lastOut: Date | null; hasStart: boolean; hasEnd: boolean },
): DerivedDay {
  const before = input.previous!;
  const inChanged = (before.check_in ?? null) !== derived.check_in;
  const outChanged = (before.check_out ?? null) !== derived.check_out;
  const had = new Set(before.flags);
  const derivedNow = new Set(derived.flags);
  const old = baselineInstants(input.date, input.timeZone, before);
  const holds = (flag: string, changed: boolean, planned: boolean, stillTrue: boolean) => {
    if (!changed) return had.has(flag);
    if (planned) return derivedNow.has(flag);
    return had.has(flag) && stillTrue;
  };
  const { firstIn, lastOut } = now;
  const later = !!firstIn && !!old.check_in && +firstIn >= +old.check_in;
  const earlier = !!lastOut && !!old.check_out && +lastOut <= +old.check_out;
  const keep = new Set<string>();
  if (holds('LATE_CHECK_IN', inChanged, now.hasStart, later)) keep.add('LATE_CHECK_IN');
  if (holds('EARLY_CHECK_OUT', outChanged, now.hasEnd, earlier)) keep.add('EARLY_CHECK_OUT');
  for (const flag of ['MISSING_CHECK_OUT', 'MISSING_CHECK_IN']) {
    if (inChanged || outChanged ? derivedNow.has(flag) : had.has(flag)) keep.add(flag);
  }
  const others = before.flags.filter(
    (f) => !(DERIVED_FLAGS as readonly string[]).includes(f) && f !== 'REGULARIZED',
  );
  const flags = [...DERIVED_FLAGS.filter((f) => keep.has(f)), ...others];
  if (input.regularized || had.has('REGULARIZED')) flags.push('REGULARIZED');
  const timesChanged = inChanged || outChanged;
  return {
    ...derived,
    status: timesChanged ? derived.status : (before.status as AttendanceStatus),
    worked_minutes: timesChanged ? derived.worked_minutes : Number(before.worked_minutes),
    flags,
  };
}

/**
 * One time of the day: the last correction of that kind when there is one (an amendment says what
 * the time was); otherwise the first check-in / last check-out among the employee's own punches and
 * the baseline.
 */
function pick(
  input: { punches: DayPunch[]; baseline?: Baseline | null },
  kind: DayPunch['kind'],
): Date | null {
  const mine = input.punches.filter((p) => p.kind === kind);
  const corrected = mine.filter((p) => p.source === 'correction');
  if (corrected.length) return corrected[corrected.length - 1].at;
  const times = mine.map((p) => p.at);
  const base = input.baseline?.[kind];
  if (base) times.push(base);
  if (!times.length) return null;
  const sorted = times.sort((a, b) => +a - +b);
  return kind === 'check_in' ? sorted[0] : sorted[sorted.length - 1];
}

/**
 * The instants of a stored day's UTC times of day (HH:MM:SSZ): the check-in is the one whose local
 * date is the day, the check-out the first one after the check-in (the next morning for a night
 * shift).
 */
export function baselineInstants(
  date: string,
  timeZone: string,
  times: { check_in: string | null; check_out: string | null },
): Baseline {
  const around = (hms: string) =>
    [-1, 0, 1, 2].map((d) => new Date(`${addDays(date, d)}T${hms.replace(/Z$/, '')}Z`));
  const onDay = (hms: string) =>
    around(hms).find((c) => zonedParts(c, timeZone).date === date) ?? around(hms)[1];
  const checkIn = times.check_in ? onDay(times.check_in) : null;
  let checkOut: Date | null = null;
  if (times.check_out)
    checkOut = checkIn ? around(times.check_out).find((c) => +c > +checkIn)! : onDay(times.check_out);
  return { check_in: checkIn, check_out: checkOut };
}
