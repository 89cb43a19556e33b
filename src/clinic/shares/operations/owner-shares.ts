// Share codes from the owner's side: list the active ones, mint one for a pet the caller owns,
// revoke one. Only the primary owner shares a pet: moving it to another clinic is their decision.
import { MINUTE } from '../../../core/clock.js';
import { NotFoundError, ValidationError } from '../../../core/errors.js';
import { defineRead, defineWrite } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { ownedPet } from '../../ownership.js';
import { fetchPage, type Page } from '../../pagination.js';
import { callerId } from '../../pets/access.js';
import { newShareCode } from '../codes.js';
import { createShareSchema, shareListQuery } from '../schemas.js';
import { serializeShare, type ShareView } from '../serialize.js';

/** The contract does not size this list: the clinic's default of 50 (docs/clinic.md). */
export const SHARES_PER_PAGE = 50;
const CODE_ATTEMPTS = 5;

export const listActiveShares = defineRead('share.list', 'authenticated', {
  summary: 'The caller’s active share codes (not revoked, redeemed or expired), newest first, 50 per page',
  input: shareListQuery,
  async run(ctx: ClinicRun, input): Promise<Page<ShareView>> {
    const now = ctx.services.clock.now();
    const query = ctx
      .db('pet_shares')
      .where('owner_user_id', ctx.owns('self'))
      .whereNull('revoked_at')
      .whereNull('redeemed_at')
      .where('expires_at', '>', toDbTime(now))
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
    const page = await fetchPage<Record<string, any>>(query, input.page, SHARES_PER_PAGE);
    return { ...page, items: page.items.map((row) => serializeShare(row, now)) };
  },
});

/** share.create, drawing its codes from `generateCode` (tests force a collision with their own). */
export function createShareOperation(generateCode: () => string = newShareCode) {
  return defineWrite('share.create', 'authenticated', {
    summary: 'Mint a share code for a pet the caller owns (primary owner)',
    input: createShareSchema,
    async run(ctx: ClinicRun, input): Promise<ShareView> {
      const { db } = ctx;
      const { clock, config } = ctx.services;
      const userId = callerId(ctx);
      const { pet } = await ctx.owns(ownedPet(input.pet_id, 'owner')).catch((err: unknown) => {
        // A body field, so a 422 on it; the same answer for a missing pet and someone else's.
        if (err instanceof NotFoundError)
          throw ValidationError.field('pet_id', 'The selected pet_id is invalid.');
        throw err;
      });
      const minutes = input.expires_in_minutes ?? config.clinic.shareTtlMinutes;
      const now = clock.now();
      let id = 0;
      for (let attempt = 1; !id; attempt++) {
        const row = {
          pet_id: pet.id,
          owner_user_id: userId,
          code: generateCode(),
          note: input.note ?? null,
          expires_at: toDbTime(new Date(now.getTime() + minutes * MINUTE)),
          created_at: toDbTime(now),
          updated_at: toDbTime(now),
        };
        try {
          // A savepoint: a failed insert leaves the operation's transaction usable.
          [id] = await db.transaction((sp) => sp('pet_shares').insert(row));
        } catch (err) {
          // The code is taken (codes are unique for ever): draw another one.
          if (!(isUniqueViolation(err) && attempt < CODE_ATTEMPTS)) throw err;
        }
      }
      ctx.audit({
        scopeId: Number(pet.tenant_id),
        action: 'share.created',
        subjectType: 'share',
        subjectId: Number(id),
        details: { pet_id: pet.id, expires_in_minutes: minutes },
      });
      return serializeShare(await db('pet_shares').where('id', id).first(), now);
    },
  });
}

export const createShare = createShareOperation();

export const revokeShare = defineWrite('share.revoke', 'authenticated', {
  summary: 'Revoke one of the caller’s share codes (again: unchanged)',
  input: yup.object({ share_id: idNumber().required() }),
  async run(ctx: ClinicRun, input): Promise<ShareView> {
    const { db } = ctx;
    const nowDate = ctx.services.clock.now();
    const share = await lockForUpdate(
      db('pet_shares').where({ id: input.share_id, owner_user_id: ctx.owns('self') }),
      db,
    ).first();
    if (!share) throw new NotFoundError('Share not found.');
    if (share.redeemed_at) {
      throw ValidationError.field('share', 'The share has already been redeemed; it cannot be revoked.');
    }
    // Revoking twice changes nothing.
    if (share.revoked_at) return serializeShare(share, nowDate);
    const now = toDbTime(nowDate);
    await db('pet_shares').where('id', share.id).update({ revoked_at: now, updated_at: now });
    const pet = await db('pets').where('id', share.pet_id).first('tenant_id');
    ctx.audit({
      scopeId: pet ? Number(pet.tenant_id) : null,
      action: 'share.revoked',
      subjectType: 'share',
      subjectId: Number(share.id),
    });
    return serializeShare(await db('pet_shares').where('id', share.id).first(), nowDate);
  },
});
