// Issue a prescription against one of the tenant's patients (clinic side, medical_record.create).
// The contract has no endpoint that creates prescriptions; this additive one feeds refill orders.
import { NotFoundError } from '../../../core/errors.js';
import { lockForUpdate } from '../../../db/knex.js';
import { inTransaction } from '../../../db/transaction.js';
import { toDbTime } from '../../../db/time.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';
import { loadPrescriptions, type PrescriptionWithItems } from '../queries.js';
import type { CreatePrescriptionInput } from '../schemas.js';

export async function createPrescription(
  ctx: ClinicContext,
  input: CreatePrescriptionInput & { tenantId: number; petId: number },
): Promise<PrescriptionWithItems> {
  const { db, clock } = ctx.services;
  const id = await inTransaction(db, async (trx) => {
    // Another tenant's pet is a 404; the lock keeps a share-code move from racing the prescription.
    const pet = await lockForUpdate(
      trx('pets').where({ id: input.petId, tenant_id: input.tenantId }),
      db,
    ).first('id');
    if (!pet) throw new NotFoundError('Patient not found.');
    const now = toDbTime(clock.now());
    const [prescriptionId] = await trx('prescriptions').insert({
      tenant_id: input.tenantId,
      pet_id: input.petId,
      issued_by_user_id: ctx.actor.userId,
      notes: input.notes ?? null,
      issued_at: now,
      created_at: now,
      updated_at: now,
    });
    await trx('prescription_items').insert(
      input.items.map((item, position) => ({
        prescription_id: prescriptionId,
        position,
        name: item.name,
        dose: item.dose ?? null,
        quantity: item.quantity ?? null,
        instructions: item.instructions ?? null,
      })),
    );
    await recordAudit(trx, ctx, {
      tenantId: input.tenantId,
      action: 'prescription.issued',
      subjectType: 'prescription',
      subjectId: Number(prescriptionId),
      details: { pet_id: input.petId, items: input.items.length },
    });
    return Number(prescriptionId);
  });
  return (await loadPrescriptions(db, [id])).get(id)!;
}
