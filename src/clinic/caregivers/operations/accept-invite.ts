// Accept a caregiver invite with its token (any logged-in clinic user): the invite becomes active
// and is bound to the caller. Unknown token 404; revoked or expired 410; already accepted 409.
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../../core/errors.js';
import { sha256Hex } from '../../../core/crypto.js';
import { lockForUpdate } from '../../../db/knex.js';
import { inTransaction } from '../../../db/transaction.js';
import { fromDbTime, toDbTime } from '../../../db/time.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';

export async function acceptInvite(
  ctx: ClinicContext,
  input: { token: string; userId: number },
): Promise<{ pet: Record<string, any>; access_level: string }> {
  const { db, clock } = ctx.services;
  return inTransaction(db, async (trx) => {
    const row = await lockForUpdate(
      trx('pet_caregivers').where('token_hash', sha256Hex(input.token)),
      db,
    ).first();
    if (!row) throw new NotFoundError('Invite not found.');
    if (row.revoked_at) throw new AppError(410, 'This invite has been revoked.', { code: 'INVITE_REVOKED' });
    if (row.accepted_at) {
      throw new ConflictError('This invite has already been accepted.', 'INVITE_ALREADY_ACCEPTED');
    }
    const now = clock.now();
    if (fromDbTime(row.expires_at)!.getTime() <= now.getTime()) {
      throw new AppError(410, 'This invite has expired; ask the owner for a new one.', {
        code: 'INVITE_EXPIRED',
      });
    }
    const pet = await trx('pets')
      .join('clinic_clients', 'clinic_clients.id', 'pets.client_id')
      .where('pets.id', row.pet_id)
      .first('pets.*', 'clinic_clients.owner_user_id as owner_user_id');
    if (Number(pet.owner_user_id) === input.userId) {
      throw ValidationError.field('token', 'You are the owner of this pet already.');
    }
    // The newest accepted invite decides the caller's access: an older grant on the same pet ends.
    await trx('pet_caregivers')
      .where({ pet_id: row.pet_id, caregiver_user_id: input.userId })
      .whereNotNull('accepted_at')
      .whereNull('revoked_at')
      .update({ revoked_at: toDbTime(now), updated_at: toDbTime(now) });
    await trx('pet_caregivers')
      .where('id', row.id)
      .update({ caregiver_user_id: input.userId, accepted_at: toDbTime(now), updated_at: toDbTime(now) });
    await recordAudit(trx, ctx, {
      tenantId: Number(pet.tenant_id),
      action: 'caregiver.accepted',
      subjectType: 'pet_caregiver',
      subjectId: Number(row.id),
      details: { pet_id: Number(row.pet_id), access_level: row.access_level },
    });
    const { owner_user_id: _owner, ...petRow } = pet;
    return { pet: petRow, access_level: String(row.access_level) };
  });
}
