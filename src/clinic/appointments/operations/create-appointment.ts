// appointment.book (POST /tenant/{tenant}/appointments, `wfctl appointment book`): book a pet of
// this tenant, optionally with one of its members as the veterinarian. The appointment's client is
// the pet's client at booking time. With a veterinarian, the slot [scheduled_at, + duration) must be
// free in that veterinarian's calendar (slots.ts): an overlap is a 409 naming the appointment.
import { ValidationError, type FieldErrors } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { tenantScope, tenantScoped } from '../../tenant-scope.js';
import { loadAppointment } from '../queries.js';
import { storeAppointmentSchema, veterinarianName } from '../schemas.js';
import { serializeAppointment, type AppointmentView } from '../serialize.js';
import { reserveSlot, slotEnd } from '../slots.js';
import { namedVeterinarian } from '../veterinarian.js';
import { countAdded } from '../../counters.js';

export const bookAppointment = defineWrite('appointment.book', 'tenant.member', {
  summary: 'Book an appointment for one of the tenant’s pets',
  input: tenantScoped(storeAppointmentSchema.shape({ ...veterinarianName })),
  async run(ctx: ClinicRun, input): Promise<AppointmentView> {
    const tenantId = await tenantScope(ctx, input);
    const { db } = ctx;
    const errors: FieldErrors = {};
    const pet = await db('pets').where({ id: input.pet_id, tenant_id: tenantId }).first('id', 'client_id');
    if (!pet) errors.pet_id = ['The selected pet_id is not a patient of this tenant.'];
    const veterinarianId = (await namedVeterinarian(db, tenantId, input)) ?? null;
    if (veterinarianId != null) {
      const member = await db('tenant_memberships')
        .where({ tenant_id: tenantId, user_id: veterinarianId })
        .first('user_id');
      if (!member)
        errors.veterinarian_user_id = ['The selected veterinarian_user_id is not a member of this tenant.'];
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);

    const start = new Date(input.scheduled_at);
    const minutes = input.duration_minutes ?? ctx.services.config.clinic.appointmentDefaultMinutes;
    await reserveSlot(db, { tenantId, veterinarianId, start, minutes });
    const now = toDbTime(ctx.services.clock.now());
    const [id] = await db('appointments').insert({
      tenant_id: tenantId,
      pet_id: input.pet_id,
      client_id: pet.client_id,
      status: input.status,
      scheduled_at: toDbTime(start),
      duration_minutes: minutes,
      ends_at: toDbTime(slotEnd(start, minutes)),
      veterinarian_user_id: veterinarianId,
      reason: input.reason ?? null,
      notes: input.notes ?? null,
      created_at: now,
      updated_at: now,
    });
    await countAdded(db, tenantId, 'appointments', input.status);
    ctx.audit({
      action: 'appointment.created',
      subjectType: 'appointment',
      subjectId: Number(id),
      scopeId: tenantId,
      details: { pet_id: input.pet_id, status: input.status, duration_minutes: minutes },
    });
    return serializeAppointment(await loadAppointment(db, Number(id)));
  },
});
