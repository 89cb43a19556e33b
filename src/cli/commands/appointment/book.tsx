// `wfctl appointment book --tenant TENANT --pet ID --at INSTANT [--vet USER] …`: appointment.book,
// as POST /tenant/{tenant}/appointments runs it.
import React from 'react';
import type { Command } from 'commander';
import { bookAppointment } from '../../../clinic/appointments/operations/create-appointment.js';
import { clinicActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { tenantNameFlag } from '../../tenant-flag.js';
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
  veterinarian: '--vet <user>', // resolved by the operation (clinic/refs.ts memberRef)
};

export function register(program: Command): void {
  commandGroup(program, 'appointment', 'The appointments of a clinic tenant');
  commandFor(program, bookAppointment, {
    path: 'appointment book',
    description: 'Book an appointment for one of the tenant’s pets',
    flags: [tenantNameFlag],
    input: { skip: ['tenant_id', 'veterinarian_user_id'], fields: bookFlags },
    examples: [
      'wfctl appointment book --tenant happy-paws --pet 1 --at 2026-03-01T10:30:00+05:30 --reason Vaccination',
      'wfctl appointment book --tenant happy-paws --pet 1 --at 2026-03-01T05:00:00Z --vet vet@happypaws.test --json',
    ],
    context: clinicActor,
    view: (appointment, _f, names) => (
      <AppointmentBookedView appointment={appointment} zone={names.tenantZone()} />
    ),
  });
}
