// The public lost-pet tag of a pet: enable/disable, lost/found, and the public read. Only the
// primary owner manages it. The row is created on the first enable (or lost) with a slug that is
// kept for ever, so a printed tag keeps working across disable/enable.
import type { Knex } from 'knex';
import { NotFoundError } from '../../../core/errors.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { lockForUpdate } from '../../../db/knex.js';
import { inTransaction } from '../../../db/transaction.js';
import { toDbTime } from '../../../db/time.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';
import { petForCaller } from '../../pets/access.js';
import { randomCode } from '../../shares/codes.js';
import type { PublicProfileInput } from '../schemas.js';

type Row = Record<string, any>;

/** Lower case (URLs), no look-alikes; 8 characters. */
export const SLUG_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const ATTEMPTS = 5;

type Change = (profile: Row, now: string) => Row;

/**
 * Runs `change` on the pet's profile under a row lock. `create`: mint the row when there is none
 * (else 404). A unique violation (slug collision, or a concurrent first enable) is retried.
 */
async function changeProfile(
  ctx: ClinicContext,
  input: { userId: number; petId: number },
  action: string,
  create: boolean,
  change: Change,
): Promise<Row> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(ctx.services.db, async (trx) => {
        const { pet } = await petForCaller(trx, input.userId, input.petId, 'owner');
        const now = toDbTime(ctx.services.clock.now());
        let profile = await lockForUpdate(trx('pet_public_profiles').where('pet_id', pet.id), trx).first();
        if (!profile) {
          if (!create) throw new NotFoundError('This pet has no public profile.');
          const blank = { pet_id: pet.id, slug: randomCode(SLUG_ALPHABET, 8), enabled: false };
          await trx('pet_public_profiles').insert({ ...blank, created_at: now, updated_at: now });
          profile = await trx('pet_public_profiles').where('pet_id', pet.id).first();
        }
        await trx('pet_public_profiles')
          .where('id', profile.id)
          .update({ ...change(profile, now), updated_at: now });
        await recordAudit(trx, ctx, {
          tenantId: Number(pet.tenant_id),
          action,
          subjectType: 'pet',
          subjectId: Number(pet.id),
        });
        return trx('pet_public_profiles').where('id', profile.id).first();
      });
    } catch (err) {
      if (isUniqueViolation(err) && attempt < ATTEMPTS) continue;
      throw err;
    }
  }
}

export function enableProfile(
  ctx: ClinicContext,
  input: PublicProfileInput & { userId: number; petId: number },
) {
  return changeProfile(ctx, input, 'public_profile.enabled', true, () => {
    const fields: Row = { enabled: true };
    // Omitted: unchanged; null: cleared.
    for (const key of ['microchip_id', 'owner_contact_phone', 'reward_notes'] as const) {
      if (input[key] !== undefined) fields[key] = input[key];
    }
    return fields;
  });
}

export function disableProfile(ctx: ClinicContext, input: { userId: number; petId: number }) {
  return changeProfile(ctx, input, 'public_profile.disabled', false, () => ({
    enabled: false,
    lost_mode_enabled_at: null,
  }));
}

export function markLost(ctx: ClinicContext, input: { userId: number; petId: number }) {
  // Already lost: the original moment is kept, so lost_since stays truthful.
  return changeProfile(ctx, input, 'public_profile.lost', true, (profile, now) => ({
    enabled: true,
    lost_mode_enabled_at: profile.lost_mode_enabled_at ?? now,
  }));
}

export function markFound(ctx: ClinicContext, input: { userId: number; petId: number }) {
  return changeProfile(ctx, input, 'public_profile.found', false, () => ({ lost_mode_enabled_at: null }));
}

/** The enabled tag behind a slug, with the pet's public fields; disabled or unknown → 404. */
export async function findPublicTag(db: Knex, slug: string): Promise<Row> {
  const normalized = slug.trim().toLowerCase();
  const row =
    normalized.length === 8
      ? await db('pet_public_profiles as pp')
          .join('pets as p', 'p.id', 'pp.pet_id')
          .where({ 'pp.slug': normalized, 'pp.enabled': true })
          .first('pp.*', 'p.name as pet_name', 'p.species', 'p.breed', 'p.sex', 'p.color')
      : undefined;
  if (!row) throw new NotFoundError('Tag not found.');
  return row;
}
