// The public lost-pet tag of a pet: enable/disable, lost/found, and the public read. Only the
// primary owner manages it. The row is created on the first enable (or lost) with a slug that is
// kept for ever, so a printed tag keeps working across disable/enable.
import type { Knex } from 'knex';
import { NotFoundError } from '../../../core/errors.js';
import { defineRead, defineWrite } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import type { PetForCaller } from '../../pets/access.js';
import { ownedPet } from '../../ownership.js';
import { randomCode } from '../../shares/codes.js';
import { publishedTag, TAG_SLUG_LENGTH } from '../published-tag.js';
import { publicProfileSchema, slugParams } from '../schemas.js';
import { serializeProfile, serializeTag, type ProfileView, type PublicTag } from '../serialize.js';

type Row = Record<string, any>;

/** Lower case (URLs), no look-alikes; 8 characters. */
export const SLUG_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const SLUG_ATTEMPTS = 5;

const petInput = yup.object({ pet_id: idNumber().required() });

type Change = (profile: Row, now: string) => Row;

/**
 * Runs `change` on the pet's profile. `create`: mint the row when there is none (else 404). The
 * pet's row lock serialises two first enables of one pet; a slug that is taken is drawn again.
 */
async function changeProfile(
  ctx: ClinicRun,
  { pet }: PetForCaller,
  action: string,
  create: boolean,
  change: Change,
): Promise<ProfileView> {
  const { db } = ctx;
  await lockForUpdate(db('pets').where('id', pet.id).first('id'), db);
  const now = toDbTime(ctx.services.clock.now());
  let profile = await lockForUpdate(db('pet_public_profiles').where('pet_id', pet.id), db).first();
  if (!profile) {
    if (!create) throw new NotFoundError('This pet has no public profile.');
    await insertBlank(db, pet.id, now);
    profile = await db('pet_public_profiles').where('pet_id', pet.id).first();
  }
  await db('pet_public_profiles')
    .where('id', profile.id)
    .update({ ...change(profile, now), updated_at: now });
  ctx.audit({
    scopeId: Number(pet.tenant_id),
    action,
    subjectType: 'pet',
    subjectId: Number(pet.id),
  });
  const row = await db('pet_public_profiles').where('id', profile.id).first();
  return serializeProfile(row, ctx.services.config.clinic.publicUrl);
}

/** A disabled profile with a fresh slug; a slug some other tag already has is drawn again. */
async function insertBlank(db: Knex, petId: number, now: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const blank = { pet_id: petId, slug: randomCode(SLUG_ALPHABET, TAG_SLUG_LENGTH), enabled: false };
    try {
      // A savepoint: the failed insert leaves the operation's transaction usable.
      await db.transaction((sp) =>
        sp('pet_public_profiles').insert({ ...blank, created_at: now, updated_at: now }),
      );
      return;
    } catch (err) {
      if (isUniqueViolation(err) && attempt < SLUG_ATTEMPTS) continue;
      throw err;
    }
  }
}

export const enableProfile = defineWrite('public-profile.enable', 'authenticated', {
  summary: 'Enable the pet’s public tag and set its fields (primary owner); the slug is minted once',
  input: publicProfileSchema.shape({ pet_id: idNumber().required() }),
  run: async (ctx: ClinicRun, input) =>
    changeProfile(
      ctx,
      await ctx.owns(ownedPet(input.pet_id, 'owner')),
      'public_profile.enabled',
      true,
      () => {
        const fields: Row = { enabled: true };
        // Omitted: unchanged; null: cleared.
        for (const key of [
          'microchip_id',
          'owner_contact_phone',
          'reward_notes',
          'show_owner_contact',
        ] as const) {
          if (input[key] !== undefined) fields[key] = input[key];
        }
        return fields;
      },
    ),
});

export const disableProfile = defineWrite('public-profile.disable', 'authenticated', {
  summary: 'Disable the tag (the slug is kept; lost mode is cleared)',
  input: petInput,
  run: async (ctx: ClinicRun, input) =>
    changeProfile(
      ctx,
      await ctx.owns(ownedPet(input.pet_id, 'owner')),
      'public_profile.disabled',
      false,
      () => ({
        enabled: false,
        lost_mode_enabled_at: null,
      }),
    ),
});

export const markLost = defineWrite('public-profile.mark-lost', 'authenticated', {
  summary: 'Mark the pet lost (enables the tag if it was not)',
  input: petInput,
  // Already lost: the original moment is kept, so lost_since stays truthful.
  run: async (ctx: ClinicRun, input) =>
    changeProfile(
      ctx,
      await ctx.owns(ownedPet(input.pet_id, 'owner')),
      'public_profile.lost',
      true,
      (profile, now) => ({
        enabled: true,
        lost_mode_enabled_at: profile.lost_mode_enabled_at ?? now,
      }),
    ),
});

export const markFound = defineWrite('public-profile.mark-found', 'authenticated', {
  summary: 'Mark the pet found',
  input: petInput,
  run: async (ctx: ClinicRun, input) =>
    changeProfile(
      ctx,
      await ctx.owns(ownedPet(input.pet_id, 'owner')),
      'public_profile.found',
      false,
      () => ({ lost_mode_enabled_at: null }),
    ),
});

/** The enabled tag behind a slug, with the pet's public fields; disabled or unknown → 404. */
export const showPublicTag = defineRead('public-tag.show', 'public', {
  summary: 'The public lost-pet tag; disabled or unknown → 404',
  input: slugParams,
  async run(ctx: ClinicRun, input): Promise<PublicTag> {
    const row = await publishedTag(
      ctx.db,
      input.slug,
      [
        'pp.*',
        'p.name as pet_name',
        'p.species',
        'p.breed',
        'p.sex',
        'p.color',
        'p.photo_storage_name',
        // Read only to offer a phone when the owner opted in; the e-mail is never read.
        'u.phone as owner_phone',
        'c.phone as client_phone',
      ],
      (q) =>
        q
          .join('clinic_clients as c', 'c.id', 'p.client_id')
          .leftJoin('clinic_users as u', 'u.id', 'c.owner_user_id'),
    );
    return serializeTag(row, ctx.services.config.clinic.publicUrl);
  },
});
