// prescription.create: issue a prescription against one of the tenant's patients (clinic side,
// medical_record.create). The contract has no endpoint that creates prescriptions; this additive
// one feeds refill orders.
import { NotFoundError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import { idNumber } from '../../../core/validation.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { loadPrescriptions } from '../queries.js';
import { createPrescriptionSchema } from '../schemas.js';
import { serializePrescription, type PrescriptionView } from '../serialize.js';

export const createPrescription = defineWrite('prescription.create', 'medical_record.create', {
  summary: 'Issue a prescription with its line items to one of the tenant’s patients',
  input: createPrescriptionSchema.shape({
    tenant_id: idNumber().required(),
    pet_id: idNumber().required(),
  }),
  async run(ctx: ClinicRun, input): Promise<PrescriptionView> {
    await ctx.authorize(input.tenant_id, 'Tenant');
    const { db } = ctx;
    // Another tenant's pet is a 404; the lock keeps a share-code move from racing the prescription.
    const pet = await lockForUpdate(
      db('pets').where({ id: input.pet_id, tenant_id: input.tenant_id }),
      db,
    ).first('id');
    if (!pet) throw new NotFoundError('Patient not found.');
    const now = toDbTime(ctx.services.clock.now());
    const [prescriptionId] = await db('prescriptions').insert({
      tenant_id: input.tenant_id,
      pet_id: input.pet_id,
      issued_by_user_id: ctx.actor.userId,
      notes: input.notes ?? null,
      issued_at: now,
      created_at: now,
      updated_at: now,
    });
    await db('prescription_items').insert(
      input.items.map((item, position) => ({
        prescription_id: prescriptionId,
        position,
        name: item.name,
        dose: item.dose ?? null,
        quantity: item.quantity ?? null,
        instructions: item.instructions ?? null,
      })),
    );
    ctx.audit({
      action: 'prescription.issued',
      subjectType: 'prescription',
      subjectId: Number(prescriptionId),
      scopeId: input.tenant_id,
      details: { pet_id: input.pet_id, items: input.items.length },
    });
    const id = Number(prescriptionId);
    return serializePrescription((await loadPrescriptions(db, [id])).get(id)!);
  },
});
