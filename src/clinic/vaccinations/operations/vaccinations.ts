// A pet's vaccination record from the owner portal. Reading (vaccination.list) needs any access to
// the pet (owner or caregiver); recording (vaccination.record) needs the owner or a full-access
// caregiver (view caregivers only read).
import { defineRead, defineWrite } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { ownedPet } from '../../ownership.js';
import { callerId } from '../../pets/access.js';
import { recordVaccinationSchema } from '../schemas.js';
import { serializeVaccination, type VaccinationView } from '../serialize.js';

export const listVaccinations = defineRead('vaccination.list', 'authenticated', {
  summary: 'The pet’s vaccinations, newest first (not paginated); owner or any caregiver',
  input: yup.object({ pet_id: idNumber().required() }),
  async run(ctx: ClinicRun, input): Promise<VaccinationView[]> {
    await ctx.owns(ownedPet(input.pet_id, 'view'));
    // Newest shot first; the whole history is short, so the contract does not page it.
    const rows = await ctx
      .db('pet_vaccinations')
      .where('pet_id', input.pet_id)
      .orderBy([
        { column: 'administered_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
    return rows.map(serializeVaccination);
  },
});

export const recordVaccination = defineWrite('vaccination.record', 'authenticated', {
  summary: 'Record a vaccination; the owner or a full-access caregiver',
  input: recordVaccinationSchema.shape({ pet_id: idNumber().required() }),
  async run(ctx: ClinicRun, input): Promise<VaccinationView> {
    const { db } = ctx;
    const userId = callerId(ctx);
    const { pet } = await ctx.owns(ownedPet(input.pet_id, 'full'));
    const now = toDbTime(ctx.services.clock.now());
    const [id] = await db('pet_vaccinations').insert({
      pet_id: pet.id,
      name: input.name,
      administered_at: input.administered_at,
      next_due_at: input.next_due_at ?? null,
      notes: input.notes ?? null,
      lot_number: input.lot_number ?? null,
      recorded_by_user_id: userId,
      created_at: now,
      updated_at: now,
    });
    ctx.audit({
      action: 'vaccination.recorded',
      subjectType: 'vaccination',
      subjectId: Number(id),
      scopeId: Number(pet.tenant_id),
      details: { pet_id: pet.id },
    });
    return serializeVaccination(await db('pet_vaccinations').where('id', id).first());
  },
});
