// The vaccination reminders' schedule entry: every tenant with reminders on is written to once a
// day, at its send hour on its own wall clock (tenants.timezone). The trigger looks every minute (a
// +05:30 zone's 09:00 is at :30 UTC), and once when the daemon starts; each tenant-day is its own
// slot (`2026-12-01/tenant:7`), claimed once across daemons (src/scheduler/runs.ts), so two daemons
// send once. A day whose send hour passed while no daemon ran is sent later that same local day;
// a day that ended before any daemon looked is not caught up (its vaccinations, still due within
// days_before_due, are listed by the next day's run instead).
import { addDays, isValidTimeZone, startOfZonedDay, wallClock, zonedParts } from '../../core/calendar.js';
import { MINUTE } from '../../core/clock.js';
import { runOperation } from '../../core/operation.js';
import type { ScheduledJob, UpcomingSlot } from '../../core/scheduled-job.js';
import type { Services } from '../../core/services.js';
import { systemContext } from '../context.js';
import { sendReminders } from './operations/send.js';

const JOB = 'vaccination-reminders';
const slotOf = (date: string, tenantId: number) => `${date}/tenant:${tenantId}`;

function parseSlot(slot: string): { date: string; tenantId: number } {
  const m = /^(\d{4}-\d{2}-\d{2})\/tenant:(\d+)$/.exec(slot);
  if (!m) throw new Error(`Malformed vaccination-reminders slot "${slot}".`);
  return { date: m[1], tenantId: Number(m[2]) };
}

interface Sender {
  id: number;
  slug: string;
  timezone: string;
  sendHour: number;
}

async function enabledTenants(services: Services): Promise<Sender[]> {
  const rows = await services
    .db('tenants')
    .where('reminders_enabled', true)
    .orderBy('id')
    .select('id', 'slug', 'timezone', 'reminder_send_hour');
  return rows.map((t) => ({
    id: Number(t.id),
    slug: String(t.slug),
    timezone: isValidTimeZone(t.timezone) ? String(t.timezone) : 'UTC',
    sendHour: Number(t.reminder_send_hour),
  }));
}

/** The slot due at `at` for `t`: its local day, once its wall clock has reached the send hour. */
function dueSlot(t: Sender, at: Date): string | null {
  const local = zonedParts(at, t.timezone);
  return local.hour >= t.sendHour ? slotOf(local.date, t.id) : null;
}

/** The slots due at `at`: each enabled tenant whose local clock has reached its send hour today. */
export async function reminderSlotsDue(services: Services, at: Date): Promise<string[]> {
  return (await enabledTenants(services)).flatMap((t) => dueSlot(t, at) ?? []);
}

/**
 * The first minute of local day `date` at which the send hour is reached: bisected with the very
 * rule the trigger applies, so it agrees with it across a clock change.
 */
function sendTime(t: Sender, date: string): Date {
  let lo = startOfZonedDay(date, t.timezone).getTime() / MINUTE - 1; // not yet due
  let hi = lo + 26 * 60; // due (a day is at most 25 hours)
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (dueSlot(t, new Date(mid * MINUTE)) === slotOf(date, t.id)) hi = mid;
    else lo = mid;
  }
  return new Date(hi * MINUTE);
}

async function upcoming(services: Services, at: Date): Promise<UpcomingSlot[]> {
  const tenants = await enabledTenants(services);
  const due = tenants.flatMap((t) => dueSlot(t, at) ?? []);
  // The scheduler's own record (src/scheduler/runs.ts, which a context may not import).
  const done = new Set<string>(
    due.length
      ? await services
          .db('scheduler_runs')
          .where({ job: JOB, status: 'done' })
          .whereIn('slot', due)
          .pluck('slot')
      : [],
  );
  return tenants.map((t) => {
    const today = zonedParts(at, t.timezone).date;
    const date = dueSlot(t, at) ? addDays(today, 1) : today;
    const dueAt = sendTime(t, date);
    const now = dueSlot(t, at);
    return {
      slot: slotOf(date, t.id),
      subject: `tenant ${t.slug}`,
      timezone: t.timezone,
      due_at: dueAt.toISOString(),
      due_local: wallClock(dueAt, t.timezone),
      overdue: now && !done.has(now) ? [now] : [],
    };
  });
}

export const vaccinationRemindersJob: ScheduledJob = {
  name: JOB,
  description:
    'Mails each clinic’s vaccination reminders once a day, at its send hour in its own time zone (checked every minute)',
  cron: '* * * * *',
  timezone: 'UTC',
  fireOnStart: true,
  operation: sendReminders,
  slotsDue: (services, at) => reminderSlotsDue(services, at),
  upcoming,
  async run(services: Services, slot: string) {
    const { date, tenantId } = parseSlot(slot);
    const result = await runOperation(sendReminders, systemContext(services), { tenant_id: tenantId, date });
    return { tenant_id: tenantId, date, messages: result.messages.length };
  },
};
