// `wfctl appointment list --tenant TENANT`: appointment.list, as GET /tenant/{tenant}/appointments runs it.
import React from 'react';
import type { Command } from 'commander';
import { listAppointments } from '../../../clinic/appointments/operations/list-appointments.js';
import { clinicActor } from '../../actors.js';
import { pageFlag, pageNumber, pageResult } from '../../clinic-page.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { tenantFlag, tenantOf } from '../../tenant-flag.js';
import { AppointmentListView } from '../../views/appointment.js';

export function register(program: Command): void {
  commandGroup(program, 'appointment', 'the appointments of a clinic tenant');
  commandFor(program, listAppointments, {
    path: 'appointment list',
    description: 'list a tenant’s appointments with pet, client and veterinarian, 20 per page, latest first',
    flags: [tenantFlag, pageFlag],
    examples: ['wfctl appointment list --tenant happy-paws', 'wfctl appointment list --tenant 3 --json'],
    context: clinicActor,
    toInput: async (_args, flags, ctx) => ({
      tenant_id: await tenantOf(flags, ctx),
      page: pageNumber(flags.page),
    }),
    json: pageResult,
    view: (page) => <AppointmentListView page={pageResult(page)} />,
  });
}
