// `wfctl appointment reschedule APPOINTMENT --at INSTANT --tenant TENANT [--duration N] [--vet USER]`:
// appointment.reschedule, as POST /tenant/{tenant}/appointments/{appointment}/reschedule runs it.
import type { Command } from 'commander';
import { rescheduleAppointment } from '../../../clinic/appointments/operations/reschedule-appointment.js';
import { clinicActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { tenantNameFlag } from '../../tenant-flag.js';

export function register(program: Command): void {
  commandGroup(program, 'appointment', 'The appointments of a clinic tenant');
  commandFor(program, rescheduleAppointment, {
    path: 'appointment reschedule',
    description: 'Move an appointment to a new time (the veterinarian’s slot must be free)',
    args: [
      {
        name: 'appointment',
        description: 'appointment id',
        prompt: 'Appointment id?',
        field: 'appointment_id',
      },
    ],
    flags: [tenantNameFlag],
    input: {
      skip: ['tenant_id', 'veterinarian_user_id'],
      fields: {
        scheduled_at: {
          flags: '--at <instant>',
          description: 'new start, ISO-8601 with its offset',
          prompt: 'New start (e.g. 2026-03-01T10:30:00+05:30)?',
        },
        duration_minutes: { flags: '--duration <minutes>', description: 'new length, 5 to 480' },
        veterinarian: { flags: '--vet <user>', description: 'new veterinarian (user id or email)' },
      },
    },
    examples: [
      'wfctl appointment reschedule 1 --tenant happy-paws --at 2026-03-01T11:00:00+05:30 --duration 45',
    ],
    context: clinicActor,
  });
}
