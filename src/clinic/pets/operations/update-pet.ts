// PATCH /tenant/{tenant}/patients/{pet} and PATCH /owner/me/pets/{pet}: a partial update of the pet's
// fields. The clinic reaches only its own tenant's pets, the owner only their own (anything else is a
// 404). The Client (ownership) never changes here: a pet moves only through a share code.
import { NotFoundError, ValidationError } from '../../../core/errors.js';
import { lockForUpdate } from '../../../db/knex.js';
import { inTransaction } from '../../../db/transaction.js';
import { toDbTime } from '../../../db/time.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';
import { petForCaller } from '../access.js';
import { loadPet } from '../queries.js';
import type { PetFields } from '../schemas.js';
import { petFieldErrors } from './create-pet.js';

export type PetScope = { tenantId: number } | { ownerUserId: number };

export async function updatePet(
  ctx: ClinicContext,
  input: { scope: PetScope; petId: number; fields: PetFields },
): Promise<Record<string, any>> {
  const { db, clock } = ctx.services;
  return inTransaction(db, async (trx) => {
    if ('ownerUserId' in input.scope) await petForCaller(trx, input.scope.ownerUserId, input.petId, 'owner');
    const pet = await lockForUpdate(
      trx('pets')
        .where('id', input.petId)
        .modify((q) => {
          if ('tenantId' in input.scope) q.where('tenant_id', input.scope.tenantId);
        }),
      db,
    ).first();
    if (!pet) throw new NotFoundError('Pet not found.');
    const errors = petFieldErrors(ctx, input.fields);
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const changes = Object.fromEntries(Object.entries(input.fields).filter(([, v]) => v !== undefined));
    if (Object.keys(changes).length) {
      await trx('pets')
        .where('id', input.petId)
        .update({ ...changes, updated_at: toDbTime(clock.now()) });
      await recordAudit(trx, ctx, {
        tenantId: Number(pet.tenant_id),
        action: 'pet.updated',
        subjectType: 'pet',
        subjectId: input.petId,
        details: { fields: Object.keys(changes) },
      });
    }
    return loadPet(trx, input.petId);
  });
}
