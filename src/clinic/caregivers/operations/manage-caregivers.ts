// The primary owner's view of a pet's caregivers, and revoking one (pending or active alike).
import { NotFoundError } from '../../../core/errors.js';
import { lockForUpdate } from '../../../db/knex.js';
import { inTransaction } from '../../../db/transaction.js';
import { toDbTime } from '../../../db/time.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';
import { fetchPage, PAGE_SIZES, type Page } from '../../pagination.js';
import { petForCaller } from '../../pets/access.js';

// The contract does not size this list: the clinic's default for unsized lists.
export const CAREGIVERS_PER_PAGE = 50;

export async function listCaregivers(
  ctx: ClinicContext,
  input: { petId: number; userId: number; page: number },
): Promise<Page<Record<string, any>>> {
  const { db } = ctx.services;
  const { pet } = await petForCaller(db, input.userId, input.petId, 'owner');
  return fetchPage(
    db('pet_caregivers').where('pet_id', pet.id).orderBy('id', 'desc'),
    input.page,
    CAREGIVERS_PER_PAGE,
  );
}

/** Revoking an already revoked row changes nothing and answers it as it is. */
export async function revokeCaregiver(
  ctx: ClinicContext,
  input: { petId: number; caregiverId: number; userId: number },
): Promise<Record<string, any>> {
  const { db, clock } = ctx.services;
  const { pet } = await petForCaller(db, input.userId, input.petId, 'owner');
  return inTransaction(db, async (trx) => {
    const row = await lockForUpdate(
      trx('pet_caregivers').where({ id: input.caregiverId, pet_id: pet.id }),
      db,
    ).first();
    if (!row) throw new NotFoundError('Caregiver not found.');
    if (!row.revoked_at) {
      const now = toDbTime(clock.now());
      await trx('pet_caregivers').where('id', row.id).update({ revoked_at: now, updated_at: now });
      await recordAudit(trx, ctx, {
        tenantId: Number(pet.tenant_id),
        action: 'caregiver.revoked',
        subjectType: 'pet_caregiver',
        subjectId: Number(row.id),
        details: { pet_id: pet.id },
      });
    }
    return trx('pet_caregivers').where('id', row.id).first();
  });
}

/** Pets shared with the caller: accepted, unrevoked grants, newest first. */
export function sharedWithMe(
  ctx: ClinicContext,
  input: { userId: number; page: number },
): Promise<Page<Record<string, any>>> {
  const { db } = ctx.services;
  return fetchPage(
    db('pet_caregivers as g')
      .join('pets', 'pets.id', 'g.pet_id')
      .join('clinic_clients as c', 'c.id', 'pets.client_id')
      .leftJoin('clinic_users as o', 'o.id', 'c.owner_user_id')
      .where('g.caregiver_user_id', input.userId)
      .whereNotNull('g.accepted_at')
      .whereNull('g.revoked_at')
      .select('pets.*', 'g.id as caregiver_id', 'g.access_level', 'g.accepted_at', 'o.name as owner_name')
      .orderBy('g.id', 'desc'),
    input.page,
    PAGE_SIZES.pets,
  );
}
