// `wfctl appointment book --tenant TENANT --pet ID --at INSTANT [--vet USER] …`: appointment.book,
// as POST /tenant/{tenant}/appointments runs it.
import React from 'react';
import type { Command } from 'commander';
import { bookAppointment } from '../../../clinic/appointments/operations/create-appointment.js';
import { UsageError } from '../../../core/errors.js';
import type { Services } from '../../../core/services.js';
import { clinicActor } from '../../actors.js';
import { commandFor, type FlagSpec } from '../../command.js';
import { commandGroup } from '../../group.js';
import { fieldsOf, tenantFlag, tenantOf } from '../../tenant-flag.js';
import { AppointmentBookedView } from '../../views/appointment.js';

const flags: FlagSpec[] = [
  { flags: '--pet <id>', description: 'pet id', required: true, prompt: 'Pet id?', field: 'pet_id' },
  {
    flags: '--at <instant>',
    description: 'When, ISO-8601 with its offset (2026-03-01T10:30:00+05:30)',
    required: true,
    prompt: 'When (e.g. 2026-03-01T10:30:00+05:30)?',
    field: 'scheduled_at',
  },
  {
    flags: '--duration <minutes>',
    description: 'Length in minutes, 5 to 480 (default APPOINTMENT_DEFAULT_MINUTES)',
    field: 'duration_minutes',
  },
  {
    flags: '--vet <user>',
    description: 'The veterinarian: a member of the tenant, by user id or email',
    field: 'veterinarian_user_id',
  },
  { flags: '--reason <text>', description: 'reason for the visit', field: 'reason' },
  { flags: '--notes <text>', description: 'notes', field: 'notes' },
  {
    flags: '--status <status>',
    description: 'Scheduled (default) or confirmed',
    choices: ['scheduled', 'confirmed'],
    field: 'status',
  },
];

/** `--vet` by email: the account's id (the operation then checks it is a member). */
export async function vetId(services: Services, vet: unknown): Promise<unknown> {
  if (typeof vet !== 'string' || !vet.includes('@')) return vet;
  const user = await services.db('clinic_users').where('email', vet.trim().toLowerCase()).first('id');
  if (!user)
    throw new UsageError(`--vet: no clinic account with email ${vet}.`, { '--vet': [`unknown ${vet}`] });
  return Number(user.id);
}

export function register(program: Command): void {
  commandGroup(program, 'appointment', 'The appointments of a clinic tenant');
  commandFor(program, bookAppointment, {
    path: 'appointment book',
    description: 'Book an appointment for one of the tenant’s pets',
    flags: [tenantFlag, ...flags],
    examples: [
      'wfctl appointment book --tenant happy-paws --pet 7 --at 2026-03-01T10:30:00+05:30 --reason Vaccination',
      'wfctl appointment book --tenant happy-paws --pet 7 --at 2026-03-01T05:00:00Z --vet vera@example.test --json',
    ],
    context: clinicActor,
    toInput: async (_args, given, ctx) => {
      const fields = fieldsOf(flags, given);
      if (fields.veterinarian_user_id !== undefined) {
        fields.veterinarian_user_id = await vetId(ctx.services, fields.veterinarian_user_id);
      }
      return { ...fields, tenant_id: await tenantOf(given, ctx) };
    },
    view: (appointment, _f, names) => (
      <AppointmentBookedView appointment={appointment} zone={names.tenantZone()} />
    ),
  });
}
