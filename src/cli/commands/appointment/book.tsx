// `wfctl appointment book --tenant TENANT --pet ID --at INSTANT [--vet USER] …`: appointment.book,
// as POST /tenant/{tenant}/appointments runs it.
import React from 'react';
import type { Command } from 'commander';
import { bookAppointment } from '../../../clinic/appointments/operations/create-appointment.js';
import { UsageError } from '../../../core/errors.js';
import type { Services } from '../../../core/services.js';
import { clinicActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { tenantFlag, tenantOf } from '../../tenant-flag.js';
import { AppointmentBookedView } from '../../views/appointment.js';

/** The flags of appointment.book's fields that are not named or told as the field is. */
const bookFlags = {
  pet_id: { flags: '--pet <id>', description: 'pet id' },
  scheduled_at: {
    flags: '--at <instant>',
    description: 'When, ISO-8601 with its offset (2026-03-01T10:30:00+05:30)',
    prompt: 'When (e.g. 2026-03-01T10:30:00+05:30)?',
  },
  duration_minutes: '--duration <minutes>',
  veterinarian_user_id: {
    flags: '--vet <user>',
    description: 'The veterinarian: a member of the tenant, by user id or email',
  },
};

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
    flags: [tenantFlag],
    input: { skip: ['tenant_id'], fields: bookFlags },
    examples: [
      'wfctl appointment book --tenant happy-paws --pet 7 --at 2026-03-01T10:30:00+05:30 --reason Vaccination',
      'wfctl appointment book --tenant happy-paws --pet 7 --at 2026-03-01T05:00:00Z --vet vera@example.test --json',
    ],
    context: clinicActor,
    toInput: async (_args, flags, ctx, _secrets, given) => ({
      tenant_id: await tenantOf(flags, ctx),
      veterinarian_user_id: await vetId(ctx.services, given.veterinarian_user_id),
    }),
    view: (appointment, _f, names) => (
      <AppointmentBookedView appointment={appointment} zone={names.tenantZone()} />
    ),
  });
}
