// A pet's vaccination record from the owner portal. Reading needs any access to the pet (owner or
// caregiver); recording needs the owner or a full-access caregiver (view caregivers only read).
import { inTransaction } from '../../../db/transaction.js';
import { toDbTime } from '../../../db/time.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';
import { petForCaller } from '../../pets/access.js';
import type { RecordVaccinationInput } from '../schemas.js';

export async function listVaccinations(
  ctx: ClinicContext,
  input: { userId: number; petId: number },
): Promise<Record<string, any>[]> {
  const { db } = ctx.services;
  await petForCaller(db, input.userId, input.petId, 'view');
  // Newest shot first; the whole history is short, so the contract does not page it.
  return db('pet_vaccinations')
    .where('pet_id', input.petId)
    .orderBy([
      { column: 'administered_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
}

export async function recordVaccination(
  ctx: ClinicContext,
  input: RecordVaccinationInput & { userId: number; petId: number },
): Promise<Record<string, any>> {
  return inTransaction(ctx.services.db, async (trx) => {
    const { pet } = await petForCaller(trx, input.userId, input.petId, 'full');
    const now = toDbTime(ctx.services.clock.now());
    const [id] = await trx('pet_vaccinations').insert({
      pet_id: pet.id,
      name: input.name,
      administered_at: input.administered_at,
      next_due_at: input.next_due_at ?? null,
      notes: input.notes ?? null,
      lot_number: input.lot_number ?? null,
      recorded_by_user_id: input.userId,
      created_at: now,
      updated_at: now,
    });
    await recordAudit(trx, ctx, {
      tenantId: Number(pet.tenant_id),
      action: 'vaccination.recorded',
      subjectType: 'vaccination',
      subjectId: Number(id),
      details: { pet_id: pet.id },
    });
    return trx('pet_vaccinations').where('id', id).first();
  });
}
