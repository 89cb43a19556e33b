// POST /tenant/{tenant}/appointments: book a pet of this tenant, optionally with one of its members
// as the veterinarian. The appointment's client is the pet's client at booking time.
import { ValidationError, type FieldErrors } from '../../../core/errors.js';
import { inTransaction } from '../../../db/transaction.js';
import { toDbTime } from '../../../db/time.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';
import { loadAppointment } from '../queries.js';
import type { StoreAppointmentInput } from '../schemas.js';

export async function createAppointment(
  ctx: ClinicContext,
  input: StoreAppointmentInput & { tenantId: number },
): Promise<Record<string, any>> {
  const { db, clock } = ctx.services;
  return inTransaction(db, async (trx) => {
    const errors: FieldErrors = {};
    const pet = await trx('pets')
      .where({ id: input.pet_id, tenant_id: input.tenantId })
      .first('id', 'client_id');
    if (!pet) errors.pet_id = ['The selected pet_id is not a patient of this tenant.'];
    if (input.veterinarian_user_id != null) {
      const member = await trx('tenant_memberships')
        .where({ tenant_id: input.tenantId, user_id: input.veterinarian_user_id })
        .first('user_id');
      if (!member)
        errors.veterinarian_user_id = ['The selected veterinarian_user_id is not a member of this tenant.'];
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);

    const now = toDbTime(clock.now());
    const [id] = await trx('appointments').insert({
      tenant_id: input.tenantId,
      pet_id: input.pet_id,
      client_id: pet.client_id,
      status: input.status,
      scheduled_at: toDbTime(new Date(input.scheduled_at)),
      veterinarian_user_id: input.veterinarian_user_id ?? null,
      reason: input.reason ?? null,
      notes: input.notes ?? null,
      created_at: now,
      updated_at: now,
    });
    await recordAudit(trx, ctx, {
      tenantId: input.tenantId,
      action: 'appointment.created',
      subjectType: 'appointment',
      subjectId: Number(id),
      details: { pet_id: input.pet_id, status: input.status },
    });
    return loadAppointment(trx, Number(id));
  });
}
