// Who may act on a pet from the owner portal. The primary owner is the user whose Client row the
// pet belongs to; an accepted, unrevoked caregiver has `view` or `full` access. Anyone else gets a
// 404, so a pet's existence never leaks.
import type { Knex } from 'knex';
import { NotFoundError, UnauthorizedError } from '../../core/errors.js';
import type { ClinicActor } from '../context.js';

export type PetAccess = 'owner' | 'full' | 'view';

/**
 * The signed-in account an owner-portal operation acts for: its rule is `authenticated`, which
 * admits only clinic accounts (HTTP's bearer token, the CLI's --actor), so everything it reads or
 * writes is scoped by this id.
 */
export function callerId(ctx: { actor: ClinicActor }): number {
  if (ctx.actor.kind !== 'user') throw new UnauthorizedError();
  return ctx.actor.userId;
}

export interface PetForCaller {
  pet: Record<string, any> & { id: number; tenant_id: number; client_id: number };
  access: PetAccess;
  /** The primary owner's user id. */
  ownerUserId: number;
}

/**
 * Loads the pet for `userId`, requiring at least `need`:
 * - 'owner': the primary owner only (caregiver management, public profile);
 * - 'full': the owner or a full-access caregiver (document upload and deletion);
 * - 'view': the owner or any active caregiver.
 */
export async function petForCaller(
  db: Knex,
  userId: number,
  petId: number,
  need: PetAccess,
): Promise<PetForCaller> {
  const row = await db('pets')
    .join('clinic_clients', 'clinic_clients.id', 'pets.client_id')
    .where('pets.id', petId)
    .first('pets.*', 'clinic_clients.owner_user_id as owner_user_id');
  if (!row || row.owner_user_id === null) throw new NotFoundError('Pet not found.');
  const { owner_user_id: ownerUserId, ...pet } = row;
  if (Number(ownerUserId) === userId) return { pet, access: 'owner', ownerUserId: Number(ownerUserId) };
  if (need !== 'owner') {
    const grant = await db('pet_caregivers')
      .where({ pet_id: petId, caregiver_user_id: userId })
      .whereNotNull('accepted_at')
      .whereNull('revoked_at')
      .orderBy('id', 'desc')
      .first('access_level');
    if (grant && (need === 'view' || grant.access_level === 'full')) {
      return { pet, access: grant.access_level, ownerUserId: Number(ownerUserId) };
    }
  }
  throw new NotFoundError('Pet not found.');
}

/** Ids of pets the user owns (through their Client rows) or cares for with an active grant. */
export function visiblePetIds(db: Knex, userId: number) {
  return db
    .select('pets.id')
    .from('pets')
    .join('clinic_clients', 'clinic_clients.id', 'pets.client_id')
    .where('clinic_clients.owner_user_id', userId)
    .union((q) =>
      q
        .select('pet_id')
        .from('pet_caregivers')
        .where('caregiver_user_id', userId)
        .whereNotNull('accepted_at')
        .whereNull('revoked_at'),
    );
}
