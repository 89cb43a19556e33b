// appointment.reschedule (POST /tenant/{tenant}/appointments/{appointment}/reschedule, `wfctl
// appointment reschedule`): move an appointment to a new start, optionally with a new length or
// veterinarian. The contract keeps PATCH for the status alone, so moving has its own route. The new
// slot must be free in the veterinarian's calendar, the appointment itself aside (a 409 naming the
// other one); a completed, cancelled or no-show appointment is not moved (422 on scheduled_at).
import { NotFoundError, ValidationError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import { idNumber } from '../../../core/validation.js';
import { lockForUpdate } from '../../../db/knex.js';
import { isoOrNull, toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { tenantScope, tenantScoped } from '../../tenant-scope.js';
import { loadAppointment } from '../queries.js';
import {
  APPOINTMENT_TRANSITIONS,
  rescheduleAppointmentSchema,
  veterinarianName,
  type AppointmentStatus,
} from '../schemas.js';
import { serializeAppointment, type AppointmentView } from '../serialize.js';
import { reserveSlot, slotEnd } from '../slots.js';
import { namedVeterinarian } from '../veterinarian.js';

export const rescheduleAppointment = defineWrite('appointment.reschedule', 'tenant.member', {
  summary: 'Move an appointment to a new time (and length or veterinarian), if the slot is free',
  input: tenantScoped(
    rescheduleAppointmentSchema.shape({
      appointment_id: idNumber().required(),
      ...veterinarianName,
    }),
  ),
  async run(ctx: ClinicRun, input): Promise<AppointmentView> {
    const tenantId = await tenantScope(ctx, input);
    const { db } = ctx;
    const row = await lockForUpdate(
      db('appointments').where({ id: input.appointment_id, tenant_id: tenantId }),
      db,
    ).first();
    if (!row) throw new NotFoundError('Appointment not found.');
    if (!APPOINTMENT_TRANSITIONS[row.status as AppointmentStatus]?.length) {
      throw ValidationError.field('scheduled_at', `An appointment that is ${row.status} cannot be moved.`);
    }
    const named = await namedVeterinarian(db, tenantId, input);
    const veterinarianId =
      named === undefined
        ? row.veterinarian_user_id == null
          ? null
          : Number(row.veterinarian_user_id)
        : named;
    if (veterinarianId != null && veterinarianId !== Number(row.veterinarian_user_id)) {
      const member = await db('tenant_memberships')
        .where({ tenant_id: tenantId, user_id: veterinarianId })
        .first('user_id');
      if (!member) {
        throw ValidationError.field(
          'veterinarian_user_id',
          'The selected veterinarian_user_id is not a member of this tenant.',
        );
      }
    }
    const start = new Date(input.scheduled_at);
    const minutes = input.duration_minutes ?? Number(row.duration_minutes);
    await reserveSlot(db, {
      tenantId,
      veterinarianId,
      start,
      minutes,
      exceptId: input.appointment_id,
    });
    await db('appointments')
      .where('id', input.appointment_id)
      .update({
        scheduled_at: toDbTime(start),
        duration_minutes: minutes,
        ends_at: toDbTime(slotEnd(start, minutes)),
        veterinarian_user_id: veterinarianId,
        updated_at: toDbTime(ctx.services.clock.now()),
      });
    ctx.audit({
      action: 'appointment.rescheduled',
      subjectType: 'appointment',
      subjectId: input.appointment_id,
      scopeId: tenantId,
      details: {
        from: isoOrNull(row.scheduled_at),
        to: start.toISOString(),
        duration_minutes: minutes,
        veterinarian_user_id: veterinarianId,
      },
    });
    return serializeAppointment(await loadAppointment(db, input.appointment_id));
  },
});
