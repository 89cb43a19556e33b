// The primary owner's view of a pet's caregivers, and revoking one (pending or active alike); the
// caregiver's view of the pets shared with them.
import { NotFoundError } from '../../../core/errors.js';
import { defineRead, defineWrite } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { ownedPet } from '../../ownership.js';
import { fetchPage, PAGE_SIZES, type Page } from '../../pagination.js';
import { pageOnlyQuery } from '../schemas.js';
import { serializeCaregiver, serializeShared, type CaregiverView, type SharedPetView } from '../serialize.js';

// The contract does not size this list: the clinic's default for unsized lists.
export const CAREGIVERS_PER_PAGE = 50;

export const listCaregivers = defineRead('caregiver.list', 'authenticated', {
  summary: 'Every caregiver row of the pet, with status_label and access_level (primary owner only)',
  input: pageOnlyQuery.shape({ pet_id: idNumber().required() }),
  async run(ctx: ClinicRun, input): Promise<Page<CaregiverView>> {
    const { db } = ctx;
    const { pet } = await ctx.owns(ownedPet(input.pet_id, 'owner'));
    const page = await fetchPage<Record<string, any>>(
      db('pet_caregivers').where('pet_id', pet.id).orderBy('id', 'desc'),
      input.page,
      CAREGIVERS_PER_PAGE,
    );
    const now = ctx.services.clock.now();
    return { ...page, items: page.items.map((row) => serializeCaregiver(row, now)) };
  },
});

/** Revoking an already revoked row changes nothing and answers it as it is. */
export const revokeCaregiver = defineWrite('caregiver.revoke', 'authenticated', {
  summary: 'Revoke a pending or active caregiver (primary owner only); revoked_at set',
  input: yup.object({ pet_id: idNumber().required(), caregiver_id: idNumber().required() }),
  async run(ctx: ClinicRun, input): Promise<CaregiverView> {
    const { db } = ctx;
    const { pet } = await ctx.owns(ownedPet(input.pet_id, 'owner'));
    const row = await lockForUpdate(
      db('pet_caregivers').where({ id: input.caregiver_id, pet_id: pet.id }),
      db,
    ).first();
    if (!row) throw new NotFoundError('Caregiver not found.');
    if (!row.revoked_at) {
      const now = toDbTime(ctx.services.clock.now());
      await db('pet_caregivers').where('id', row.id).update({ revoked_at: now, updated_at: now });
      ctx.audit({
        scopeId: Number(pet.tenant_id),
        action: 'caregiver.revoked',
        subjectType: 'pet_caregiver',
        subjectId: Number(row.id),
        details: { pet_id: pet.id },
      });
    }
    const revoked = await db('pet_caregivers').where('id', row.id).first();
    return serializeCaregiver(revoked, ctx.services.clock.now());
  },
});

/** Pets shared with the caller: accepted, unrevoked grants, newest first. */
export const sharedWithMe = defineRead('caregiver.shared-with-me', 'authenticated', {
  summary: 'Pets shared with the caller (accepted and not revoked), newest first, 20 per page',
  input: pageOnlyQuery,
  async run(ctx: ClinicRun, input): Promise<Page<SharedPetView>> {
    const page = await fetchPage<Record<string, any>>(
      ctx
        .db('pet_caregivers as g')
        .join('pets', 'pets.id', 'g.pet_id')
        .join('clinic_clients as c', 'c.id', 'pets.client_id')
        .leftJoin('clinic_users as o', 'o.id', 'c.owner_user_id')
        .where('g.caregiver_user_id', ctx.owns('self'))
        .whereNotNull('g.accepted_at')
        .whereNull('g.revoked_at')
        .select('pets.*', 'g.id as caregiver_id', 'g.access_level', 'g.accepted_at', 'o.name as owner_name')
        .orderBy('g.id', 'desc'),
      input.page,
      PAGE_SIZES.pets,
    );
    return { ...page, items: page.items.map(serializeShared) };
  },
});
