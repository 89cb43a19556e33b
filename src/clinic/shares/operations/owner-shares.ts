// Share codes from the owner's side: list the active ones, mint one for a pet the caller owns,
// revoke one. Only the primary owner shares a pet: moving it to another clinic is their decision.
import { MINUTE } from '../../../core/clock.js';
import { NotFoundError, ValidationError } from '../../../core/errors.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { lockForUpdate } from '../../../db/knex.js';
import { inTransaction } from '../../../db/transaction.js';
import { toDbTime } from '../../../db/time.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';
import { fetchPage, type Page } from '../../pagination.js';
import { petForCaller } from '../../pets/access.js';
import { newShareCode } from '../codes.js';
import type { CreateShareInput } from '../schemas.js';

type Row = Record<string, any>;

/** The contract does not size this list: the clinic's default of 50 (docs/clinic.md). */
export const SHARES_PER_PAGE = 50;
const CODE_ATTEMPTS = 5;

export function listActiveShares(
  ctx: ClinicContext,
  input: { userId: number; page: number },
): Promise<Page<Row>> {
  const { db, clock } = ctx.services;
  const query = db('pet_shares')
    .where('owner_user_id', input.userId)
    .whereNull('revoked_at')
    .whereNull('redeemed_at')
    .where('expires_at', '>', toDbTime(clock.now()))
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  return fetchPage(query, input.page, SHARES_PER_PAGE);
}

export async function createShare(
  ctx: ClinicContext,
  input: CreateShareInput & { userId: number },
  generateCode: () => string = newShareCode,
): Promise<Row> {
  const { db, clock, config } = ctx.services;
  try {
    await petForCaller(db, input.userId, input.pet_id, 'owner');
  } catch (err) {
    // A body field, so a 422 on it; the same answer for a missing pet and someone else's.
    if (err instanceof NotFoundError)
      throw ValidationError.field('pet_id', 'The selected pet_id is invalid.');
    throw err;
  }
  const minutes = input.expires_in_minutes ?? config.clinic.shareTtlMinutes;
  for (let attempt = 1; ; attempt++) {
    const code = generateCode();
    try {
      return await inTransaction(db, async (trx) => {
        const { pet } = await petForCaller(trx, input.userId, input.pet_id, 'owner');
        const now = clock.now();
        const [id] = await trx('pet_shares').insert({
          pet_id: pet.id,
          owner_user_id: input.userId,
          code,
          note: input.note ?? null,
          expires_at: toDbTime(new Date(now.getTime() + minutes * MINUTE)),
          created_at: toDbTime(now),
          updated_at: toDbTime(now),
        });
        await recordAudit(trx, ctx, {
          tenantId: Number(pet.tenant_id),
          action: 'share.created',
          subjectType: 'share',
          subjectId: Number(id),
          details: { pet_id: pet.id, expires_in_minutes: minutes },
        });
        return trx('pet_shares').where('id', id).first();
      });
    } catch (err) {
      // The code is taken (codes are unique for ever): draw another one.
      if (isUniqueViolation(err) && attempt < CODE_ATTEMPTS) continue;
      throw err;
    }
  }
}

export function revokeShare(ctx: ClinicContext, input: { userId: number; shareId: number }): Promise<Row> {
  const { db, clock } = ctx.services;
  return inTransaction(db, async (trx) => {
    const share = await lockForUpdate(
      trx('pet_shares').where({ id: input.shareId, owner_user_id: input.userId }),
      trx,
    ).first();
    if (!share) throw new NotFoundError('Share not found.');
    if (share.redeemed_at) {
      throw ValidationError.field('share', 'The share has already been redeemed; it cannot be revoked.');
    }
    if (share.revoked_at) return share; // revoking twice changes nothing
    const now = toDbTime(clock.now());
    await trx('pet_shares').where('id', share.id).update({ revoked_at: now, updated_at: now });
    const pet = await trx('pets').where('id', share.pet_id).first('tenant_id');
    await recordAudit(trx, ctx, {
      tenantId: pet ? Number(pet.tenant_id) : null,
      action: 'share.revoked',
      subjectType: 'share',
      subjectId: Number(share.id),
    });
    return trx('pet_shares').where('id', share.id).first();
  });
}
