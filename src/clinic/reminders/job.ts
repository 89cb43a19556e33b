// The vaccination reminders' schedule entry: every tenant with reminders on is written to once a
// day, at its send hour on its own wall clock (tenants.timezone). The trigger looks every minute (a
// +05:30 zone's 09:00 is at :30 UTC), and once when the daemon starts; each tenant-day is its own
// slot (`2026-12-01/tenant:7`), claimed once across daemons (src/scheduler/runs.ts), so two daemons
// send once. A day whose send hour passed while no daemon ran is sent later that same local day;
// a day that ended before any daemon looked is not caught up (its vaccinations, still due within
// days_before_due, are listed by the next day's run instead).
import { isValidTimeZone, zonedParts } from '../../core/calendar.js';
import { runOperation } from '../../core/operation.js';
import type { ScheduledJob } from '../../core/scheduled-job.js';
import type { Services } from '../../core/services.js';
import { systemContext } from '../context.js';
import { sendReminders } from './operations/send.js';

const slotOf = (date: string, tenantId: number) => `${date}/tenant:${tenantId}`;

function parseSlot(slot: string): { date: string; tenantId: number } {
  const m = /^(\d{4}-\d{2}-\d{2})\/tenant:(\d+)$/.exec(slot);
  if (!m) throw new Error(`Malformed vaccination-reminders slot "${slot}".`);
  return { date: m[1], tenantId: Number(m[2]) };
}

/** The slots due at `at`: each enabled tenant whose local clock has reached its send hour today. */
export async function reminderSlotsDue(services: Services, at: Date): Promise<string[]> {
  const tenants = await services
    .db('tenants')
    .where('reminders_enabled', true)
    .orderBy('id')
    .select('id', 'timezone', 'reminder_send_hour');
  return tenants.flatMap((t) => {
    const local = zonedParts(at, isValidTimeZone(t.timezone) ? t.timezone : 'UTC');
    return local.hour >= Number(t.reminder_send_hour) ? [slotOf(local.date, Number(t.id))] : [];
  });
}

export const vaccinationRemindersJob: ScheduledJob = {
  name: 'vaccination-reminders',
  description:
    'Mails each clinic’s vaccination reminders once a day, at its send hour in its own time zone (checked every minute)',
  cron: '* * * * *',
  timezone: 'UTC',
  fireOnStart: true,
  operation: sendReminders,
  slotsDue: (services, at) => reminderSlotsDue(services, at),
  async run(services: Services, slot: string) {
    const { date, tenantId } = parseSlot(slot);
    const result = await runOperation(sendReminders, systemContext(services), { tenant_id: tenantId, date });
    return { tenant_id: tenantId, date, messages: result.messages.length };
  },
};
