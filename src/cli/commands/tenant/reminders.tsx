// `wfctl tenant reminders TENANT [--enabled on|off] [--days-before N] [--send-hour H] [--sender-name X]`:
// reminder-settings.update, as PATCH /tenant/{tenant}/settings/reminders runs it. Without flags
// nothing changes and the current setting is shown.
import React from 'react';
import type { Command } from 'commander';
import { updateReminderSettings } from '../../../clinic/reminders/operations/settings.js';
import { clinicActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { ReminderSettingsSummary } from '../../views/reminders.js';
import { tenantArg, tenantGroup } from './shared.js';

/** on/off as a person types it; anything else goes to the schema as typed, which names the flag. */
function onOff(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const v = value.trim().toLowerCase();
  if (['on', 'yes', 'true', '1'].includes(v)) return true;
  if (['off', 'no', 'false', '0'].includes(v)) return false;
  return value;
}

export function register(program: Command): void {
  tenantGroup(program);
  commandFor(program, updateReminderSettings, {
    path: 'tenant reminders',
    description:
      'Show or set a tenant’s vaccination reminders (on/off, days before due, send hour in its time zone, sender name)',
    args: [tenantArg],
    input: {
      skip: ['tenant_id'],
      fields: {
        enabled: { flags: '--enabled <on|off>', description: 'send reminders, or not', parse: onOff },
        days_before_due: {
          flags: '--days-before <days>',
          description: 'list what falls due within this many days (0–365)',
        },
        send_hour: { description: 'hour 0–23 on the tenant’s wall clock (its timezone)' },
        sender_name: { description: 'the mail’s sender name ("" : the clinic’s name)' },
      },
    },
    examples: [
      'wfctl tenant reminders happy-paws',
      'wfctl tenant reminders happy-paws --enabled on --days-before 14 --send-hour 9 --sender-name "Happy Paws Vets"',
    ],
    context: clinicActor,
    view: (settings) => <ReminderSettingsSummary settings={settings} />,
  });
}
