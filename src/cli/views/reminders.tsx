// Views of the vaccination reminders: a tenant's setting, and a run's preview.
import React from 'react';
import type { ReminderRun, ReminderSettingsView } from '../../clinic/reminders/serialize.js';
import { Summary } from './summary.js';

export function ReminderSettingsSummary({ settings }: { settings: ReminderSettingsView }) {
  return (
    <Summary
      title={`Vaccination reminders: ${settings.enabled ? 'on' : 'off'}`}
      tone={settings.enabled ? 'ok' : 'warn'}
      rows={[
        ['days before due', settings.days_before_due],
        ['send hour', `${String(settings.send_hour).padStart(2, '0')}:00 ${settings.timezone}`],
        ['sender name', settings.effective_sender_name],
      ]}
    />
  );
}

export function ReminderPreview({ run }: { run: ReminderRun }) {
  const title = !run.enabled
    ? `Reminders are off for this tenant: nothing would be sent on ${run.date}`
    : `${run.messages.length} reminder(s) would be sent on ${run.date}`;
  return (
    <Summary
      title={title}
      tone={run.enabled ? 'ok' : 'warn'}
      table={
        run.messages.length
          ? {
              columns: ['pet', 'to', 'role', 'due'],
              rows: run.messages.map((m) => [
                `${m.pet_name} (${m.pet_id})`,
                m.to,
                m.role,
                m.due.map((d) => `${d.name} ${d.due_on}`).join(', '),
              ]),
            }
          : undefined
      }
    />
  );
}
