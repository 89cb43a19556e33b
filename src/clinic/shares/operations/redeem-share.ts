// The clinic's side of a share code: preview it (public, read-only) and redeem it, which moves the
// pet to the scanning tenant under the owner's Client row there (created on first need). A code is
// single-use: the redeem locks the share row, so of two concurrent redeems exactly one wins.
import { ForbiddenError, NotFoundError, ValidationError } from '../../../core/errors.js';
import { lockForUpdate } from '../../../db/knex.js';
import { inTransaction } from '../../../db/transaction.js';
import { toDbTime } from '../../../db/time.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';
import { normalizeCode } from '../codes.js';
import type { RedeemShareInput } from '../schemas.js';
import { shareStatus } from '../serialize.js';

type Row = Record<string, any>;

/** Businesses that take patients; a pharmacy or shop cannot take a pet over. */
const CARE_PROVIDERS = ['clinic', 'groomer', 'breeder', 'trainer'];

export async function previewShare(ctx: ClinicContext, input: { code: string }): Promise<Row> {
  const { db, clock } = ctx.services;
  const row = await db('pet_shares as s')
    .join('pets as p', 'p.id', 's.pet_id')
    .join('clinic_users as u', 'u.id', 's.owner_user_id')
    .where('s.code', normalizeCode(input.code))
    .first(
      's.*',
      'p.name as pet_name',
      'p.species',
      'p.breed',
      'p.sex',
      'p.date_of_birth',
      'p.color',
      'u.name as owner_name',
    );
  if (!row || shareStatus(row, clock.now()) !== 'active') throw new NotFoundError('Share code not found.');
  return row;
}

export interface Redeemed {
  pet: Row;
  clientId: number;
  clientCreated: boolean;
  tenantName: string;
}

export async function redeemShare(
  ctx: ClinicContext,
  input: RedeemShareInput & { callerUserId: number },
): Promise<Redeemed> {
  const { db, clock } = ctx.services;
  // The body names the scanning user; it must be the caller, so a token cannot act for another.
  if (input.user_id !== input.callerUserId) {
    throw new ForbiddenError('user_id must be the authenticated user.', 'USER_MISMATCH');
  }
  const tenant = await db('tenants').where('id', input.tenant_id).first();
  if (!tenant) throw ValidationError.field('tenant_id', 'The selected tenant_id is invalid.');
  const member = await db('tenant_memberships')
    .where({ tenant_id: tenant.id, user_id: input.user_id })
    .first('id');
  if (!member) throw new ForbiddenError('You are not a member of this tenant.', 'NOT_A_MEMBER');
  if (!CARE_PROVIDERS.includes(tenant.business_type)) {
    throw ValidationError.field(
      'tenant_id',
      'Only a clinic, groomer, breeder or trainer can take a pet over.',
    );
  }

  return inTransaction(db, async (trx) => {
    const nowDate = clock.now();
    const now = toDbTime(nowDate);
    const share = await lockForUpdate(
      trx('pet_shares').where('code', normalizeCode(input.code)),
      trx,
    ).first();
    const invalid = () =>
      ValidationError.field('code', 'The code is invalid, expired, revoked or already used.');
    if (!share || shareStatus(share, nowDate) !== 'active') throw invalid();
    const pet = await lockForUpdate(trx('pets').where('id', share.pet_id), trx).first();
    const holder = pet && (await trx('clinic_clients').where('id', pet.client_id).first('owner_user_id'));
    // The code speaks for the owner who minted it; if the pet is no longer theirs it is void.
    if (!holder || Number(holder.owner_user_id) !== Number(share.owner_user_id)) throw invalid();

    const ownerId = Number(share.owner_user_id);
    let client = await trx('clinic_clients')
      .where({ tenant_id: tenant.id, owner_user_id: ownerId })
      .first('id');
    const clientCreated = !client;
    if (!client) {
      const owner = await trx('clinic_users').where('id', ownerId).first('name', 'email', 'phone');
      // Ignore a concurrent insert for the same owner and tenant (another pet's redeem): one row wins.
      await trx('clinic_clients')
        .insert({
          tenant_id: tenant.id,
          owner_user_id: ownerId,
          name: owner.name,
          email: owner.email,
          phone: owner.phone ?? null,
          created_at: now,
          updated_at: now,
        })
        .onConflict(['tenant_id', 'owner_user_id'])
        .ignore();
      client = await trx('clinic_clients')
        .where({ tenant_id: tenant.id, owner_user_id: ownerId })
        .first('id');
    }
    const clientId = Number(client.id);
    await trx('pets')
      .where('id', pet.id)
      .update({ tenant_id: tenant.id, client_id: clientId, updated_at: now });
    await trx('pet_shares').where('id', share.id).update({
      redeemed_at: now,
      redeemed_by_user_id: input.user_id,
      redeemed_tenant_id: tenant.id,
      updated_at: now,
    });
    await recordAudit(trx, ctx, {
      tenantId: Number(tenant.id),
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
    return {
      pet: await trx('pets').where('id', pet.id).first(),
      clientId,
      clientCreated,
      tenantName: String(tenant.name),
    };
  });
}
