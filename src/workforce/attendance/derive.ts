// The daily record derived from a day's punches: check-in is the first check-in, check-out the last
// check-out after it, worked_minutes the time between them; flags compare against the planned shift
// (unit-local HH:MM:SS) when there is one.
import { addDays, utcTimeOfDay, zonedParts } from '../../core/calendar.js';
import type { AttendanceStatus } from './schemas.js';

/** With no planned shift, a full day is taken as 8 hours; under half of a full day is a half_day. */
export const DEFAULT_SHIFT_MINUTES = 8 * 60;

export interface DayPunch {
  kind: 'check_in' | 'check_out';
  at: Date;
}

export interface PlannedShift {
  starts_at: string | null;
  ends_at: string | null;
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
  punches: DayPunch[];
  shift: PlannedShift | null;
  regularized: boolean;
}): DerivedDay {
  const { date, timeZone, shift } = input;
  const ins = input.punches.filter((p) => p.kind === 'check_in').sort((a, b) => +a.at - +b.at);
  const outs = input.punches.filter((p) => p.kind === 'check_out').sort((a, b) => +a.at - +b.at);
  const firstIn = ins[0]?.at ?? null;
  const lastOutAny = outs[outs.length - 1]?.at ?? null;
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
  return {
    status,
    check_in: firstIn ? utcTimeOfDay(firstIn) : null,
    check_out: lastOut ? utcTimeOfDay(lastOut) : null,
    worked_minutes: worked,
    flags,
  };
}
