// The clinic's side of a share code: preview it (any signed-in account, read-only) and redeem it,
// which moves the pet to the scanning tenant under the owner's Client row there (created on first
// need). A code is single-use: the redeem locks the share row, so of two concurrent redeems exactly
// one wins. The redeeming user must be a member of the scanning tenant (the tenant.member rule).
import { ForbiddenError, ValidationError } from '../../../core/errors.js';
import { defineRead, defineWrite } from '../../../core/operation.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { heldShareCode } from '../../ownership.js';
import { normalizeCode } from '../codes.js';
import { redeemShareSchema, shareCodeParams } from '../schemas.js';
import {
  serializePreview,
  serializeSharedPet,
  shareStatus,
  type SharePreview,
  type SharedPet,
} from '../serialize.js';
import { bumpCounters } from '../../counters.js';
import { isUniqueViolation } from '../../../db/errors.js';

/** Businesses that take patients; a pharmacy or shop cannot take a pet over. */
const CARE_PROVIDERS = ['clinic', 'groomer', 'breeder', 'trainer'];

export const previewShare = defineRead('share.preview', 'authenticated', {
  summary: 'Preview a share code: the pet and the owner’s name (any clinic bearer token; changes nothing)',
  input: shareCodeParams,
  async run(ctx: ClinicRun, input): Promise<SharePreview> {
    return serializePreview(await ctx.owns(heldShareCode(input.code, ctx.services.clock.now())));
  },
});

export interface Redeemed {
  pet: SharedPet;
  client_id: number;
  message: string;
}

export const redeemShare = defineWrite('share.redeem', 'tenant.member', {
  summary: 'Redeem a share code: the pet moves to the scanning tenant (single use)',
  input: redeemShareSchema,
  async run(ctx: ClinicRun, input): Promise<Redeemed> {
    const { db } = ctx;
    // The body names the scanning user; it must be the caller, so a token cannot act for another.
    if (ctx.actor.kind === 'user' && input.user_id !== ctx.actor.userId) {
      throw new ForbiddenError('user_id must be the authenticated user.', 'USER_MISMATCH');
    }
    const tenant = await db('tenants').where('id', input.tenant_id).first();
    if (!tenant) throw ValidationError.field('tenant_id', 'The selected tenant_id is invalid.');
    await ctx.authorize(Number(tenant.id), 'Tenant');
    if (!CARE_PROVIDERS.includes(tenant.business_type)) {
      throw ValidationError.field(
        'tenant_id',
        'Only a clinic, groomer, breeder or trainer can take a pet over.',
      );
    }

    const nowDate = ctx.services.clock.now();
    const now = toDbTime(nowDate);
    const share = await lockForUpdate(db('pet_shares').where('code', normalizeCode(input.code)), db).first();
    const invalid = () =>
      ValidationError.field('code', 'The code is invalid, expired, revoked or already used.');
    if (!share || shareStatus(share, nowDate) !== 'active') throw invalid();
    const pet = await lockForUpdate(db('pets').where('id', share.pet_id), db).first();
    const holder = pet && (await db('clinic_clients').where('id', pet.client_id).first('owner_user_id'));
    // The code speaks for the owner who minted it; if the pet is no longer theirs it is void.
    if (!holder || Number(holder.owner_user_id) !== Number(share.owner_user_id)) throw invalid();

    const ownerId = Number(share.owner_user_id);
    let client = await db('clinic_clients')
      .where({ tenant_id: tenant.id, owner_user_id: ownerId })
      .first('id');
    let clientCreated = false;
    if (!client) {
      const owner = await db('clinic_users').where('id', ownerId).first('name', 'email', 'phone');
      // A concurrent insert for the same owner and tenant (another pet's redeem) wins: one row, which
      // this redeem then uses. The insert runs in a savepoint, so losing it leaves the transaction
      // usable, and tells whether this redeem added a client (to count it).
      try {
        await db.transaction((sp) =>
          sp('clinic_clients').insert({
            tenant_id: tenant.id,
            owner_user_id: ownerId,
            name: owner.name,
            email: owner.email,
            phone: owner.phone ?? null,
            created_at: now,
            updated_at: now,
          }),
        );
        clientCreated = true;
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
      client = await lockForUpdate(
        db('clinic_clients').where({ tenant_id: tenant.id, owner_user_id: ownerId }),
        db,
      ).first('id');
    }
    const clientId = Number(client.id);
    await db('pets')
      .where('id', pet.id)
      .update({ tenant_id: tenant.id, client_id: clientId, updated_at: now });
    await db('pet_shares').where('id', share.id).update({
      redeemed_at: now,
      redeemed_by_user_id: input.user_id,
      redeemed_tenant_id: tenant.id,
      updated_at: now,
    });
    // A transfer: a patient fewer for the pet's clinic, one more for this one (nothing when it is
    // the same tenant), and the client this redeem added.
    await bumpCounters(db, [
      { tenantId: Number(pet.tenant_id), name: 'pets', by: -1 },
      { tenantId: Number(tenant.id), name: 'pets', by: 1 },
      { tenantId: Number(tenant.id), name: 'clients', by: clientCreated ? 1 : 0 },
    ]);
    ctx.audit({
      scopeId: Number(tenant.id),
      action: 'share.redeemed',
      subjectType: 'pet',
      subjectId: Number(pet.id),
      details: {
        share_id: Number(share.id),
        from_tenant_id: Number(pet.tenant_id),
        client_id: clientId,
        client_created: clientCreated,
      },
    });
    const moved = serializeSharedPet(await db('pets').where('id', pet.id).first());
    return {
      pet: moved,
      client_id: clientId,
      message: clientCreated
        ? `${moved.name} is now a patient of ${tenant.name} (new client record).`
        : `${moved.name} is now a patient of ${tenant.name}.`,
    };
  },
});
