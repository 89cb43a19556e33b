// `wfctl clinic reminders preview --tenant TENANT --date YYYY-MM-DD`: reminder.preview, what the
// daemon's reminder run would send for that tenant on that day of its wall clock; nothing is written.
import React from 'react';
import type { Command } from 'commander';
import { previewReminders } from '../../../../clinic/reminders/operations/preview.js';
import { clinicActor } from '../../../actors.js';
import { commandFor } from '../../../command.js';
import { commandGroup } from '../../../group.js';
import { tenantNameFlag } from '../../../tenant-flag.js';
import { ReminderPreview } from '../../../views/reminders.js';

export function register(program: Command): void {
  const clinic = commandGroup(
    program,
    'clinic',
    'The clinic service’s upkeep: its tenants’ counters and vaccination reminders',
  );
  commandGroup(clinic, 'reminders', 'Vaccination reminders: what the daily run would send');
  commandFor(program, previewReminders, {
    path: 'clinic reminders preview',
    description:
      'What the vaccination reminders of a tenant would send on a day (its wall clock); nothing is written',
    flags: [tenantNameFlag],
    input: {
      skip: ['tenant_id'],
      fields: { date: { description: 'YYYY-MM-DD, the tenant’s local day' } },
    },
    examples: ['wfctl clinic reminders preview --tenant happy-paws --date 2026-12-01 --json'],
    context: clinicActor,
    view: (run) => <ReminderPreview run={run} />,
  });
}
