// Accept a caregiver invite with its token (any logged-in clinic user): the invite becomes active
// and is bound to the caller. Unknown token 404; revoked or expired 410; already accepted 409.
import { AppError, ConflictError, ValidationError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import { fromDbTime, toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { heldInvite } from '../../ownership.js';
import { callerId } from '../../pets/access.js';
import { acceptInviteSchema } from '../schemas.js';
import { serializePetSummary, type PetSummary } from '../serialize.js';

export interface AcceptedInvite {
  pet: PetSummary;
  access_level: string;
}

export const acceptInvite = defineWrite('caregiver.accept', 'authenticated', {
  summary: 'Accept a caregiver invite with its 48-character token; binds it to the caller',
  input: acceptInviteSchema,
  async run(ctx: ClinicRun, input): Promise<AcceptedInvite> {
    const { db } = ctx;
    const row = await ctx.owns(heldInvite(input.token));
    const userId = callerId(ctx);
    if (row.revoked_at) throw new AppError(410, 'This invite has been revoked.', { code: 'INVITE_REVOKED' });
    if (row.accepted_at) {
      throw new ConflictError('This invite has already been accepted.', 'INVITE_ALREADY_ACCEPTED');
    }
    const now = ctx.services.clock.now();
    if (fromDbTime(row.expires_at)!.getTime() <= now.getTime()) {
      throw new AppError(410, 'This invite has expired; ask the owner for a new one.', {
        code: 'INVITE_EXPIRED',
      });
    }
    const pet = await db('pets')
      .join('clinic_clients', 'clinic_clients.id', 'pets.client_id')
      .where('pets.id', row.pet_id)
      .first('pets.*', 'clinic_clients.owner_user_id as owner_user_id');
    if (Number(pet.owner_user_id) === userId) {
      throw ValidationError.field('token', 'You are the owner of this pet already.');
    }
    // The newest accepted invite decides the caller's access: an older grant on the same pet ends.
    await db('pet_caregivers')
      .where({ pet_id: row.pet_id, caregiver_user_id: userId })
      .whereNotNull('accepted_at')
      .whereNull('revoked_at')
      .update({ revoked_at: toDbTime(now), updated_at: toDbTime(now) });
    await db('pet_caregivers')
      .where('id', row.id)
      .update({ caregiver_user_id: userId, accepted_at: toDbTime(now), updated_at: toDbTime(now) });
    ctx.audit({
      scopeId: Number(pet.tenant_id),
      action: 'caregiver.accepted',
      subjectType: 'pet_caregiver',
      subjectId: Number(row.id),
      details: { pet_id: Number(row.pet_id), access_level: row.access_level },
    });
    const { owner_user_id: _owner, ...petRow } = pet;
    return { pet: serializePetSummary(petRow), access_level: String(row.access_level) };
  },
});
