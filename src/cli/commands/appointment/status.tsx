// `wfctl appointment status APPOINTMENT STATUS --tenant TENANT`: appointment.change-status, as PATCH
// /tenant/{tenant}/appointments/{appointment} runs it. Final statuses cannot be left, so it asks first.
import React from 'react';
import type { Command } from 'commander';
import { changeAppointmentStatus } from '../../../clinic/appointments/operations/change-appointment-status.js';
import { APPOINTMENT_STATUSES } from '../../../clinic/appointments/schemas.js';
import { clinicActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { tenantNameFlag } from '../../tenant-flag.js';
import { AppointmentStatusView } from '../../views/appointment.js';

export function register(program: Command): void {
  commandGroup(program, 'appointment', 'The appointments of a clinic tenant');
  commandFor(program, changeAppointmentStatus, {
    path: 'appointment status',
    description:
      'Move an appointment to another status (completed, cancelled and no_show are final; the same status is a no-op)',
    args: [
      {
        name: 'appointment',
        description: 'appointment id',
        prompt: 'Appointment id?',
        field: 'appointment_id',
      },
      {
        name: 'status',
        description: APPOINTMENT_STATUSES.join(', '),
        prompt: 'New status?',
        field: 'status',
      },
    ],
    flags: [tenantNameFlag],
    input: { skip: ['tenant_id'] },
    examples: [
      'wfctl appointment status 1 checked_in --tenant happy-paws --yes',
      'wfctl appointment status 1 cancelled --tenant happy-paws --dry-run --json',
    ],
    context: clinicActor,
    confirm: (args) => `Move appointment ${args.appointment} to ${args.status}?`,
    view: (change, _f, names) => <AppointmentStatusView change={change} zone={names.tenantZone()} />,
  });
}
