// `wfctl appointment list --tenant TENANT`: appointment.list, as GET /tenant/{tenant}/appointments runs it.
import React from 'react';
import type { Command } from 'commander';
import { listAppointments } from '../../../clinic/appointments/operations/list-appointments.js';
import { clinicActor } from '../../actors.js';
import { pageFlag, pageResult } from '../../clinic-page.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { tenantNameFlag } from '../../tenant-flag.js';
import { AppointmentListView } from '../../views/appointment.js';

export function register(program: Command): void {
  commandGroup(program, 'appointment', 'The appointments of a clinic tenant');
  commandFor(program, listAppointments, {
    path: 'appointment list',
    description: 'List a tenant’s appointments with pet, client and veterinarian, 20 per page, latest first',
    flags: [tenantNameFlag, pageFlag],
    input: {
      skip: ['tenant_id', 'veterinarian_user_id'],
      fields: {
        from: { flags: '--from <instant>', description: 'starting at or after this ISO-8601 instant' },
        to: { flags: '--to <instant>', description: 'starting before this ISO-8601 instant' },
        veterinarian: {
          flags: '--vet <user>',
          description: 'only this veterinarian’s (user id or email)',
        },
      },
    },
    examples: [
      'wfctl appointment list --tenant happy-paws',
      'wfctl appointment list --tenant happy-paws --from 2026-03-01T00:00:00+05:30 --to 2026-03-02T00:00:00+05:30 --vet vet@happypaws.test --json',
    ],
    context: clinicActor,
    json: pageResult,
    view: (page, _f, names) => <AppointmentListView page={pageResult(page)} zone={names.tenantZone()} />,
  });
}
