// Inbound partner tokens `pt_<id>|<secret>`: the secret is shown once by `wfctl partner token
// create` and only its SHA-256 is kept. A partner may hold several (to rotate without downtime).
import { ValidationError } from '../../../../core/errors.js';
import { newTokenSecret } from '../../../../core/crypto.js';
import { toDbTime } from '../../../../db/time.js';
import { inTransaction } from '../../../../db/transaction.js';
import { recordAudit } from '../../../audit/record.js';
import { requireSystemAdmin, type AdminContext } from '../../../identity/admin.js';
import { PARTNER_TOKEN_PREFIX } from '../../../identity/tokens.js';
import { findPartner } from '../lookup.js';

export interface CreatedPartnerToken {
  token: string;
  token_id: number;
  partner: { id: number; name: string };
}

export async function createPartnerToken(
  ctx: AdminContext,
  input: { partner: string },
): Promise<CreatedPartnerToken> {
  requireSystemAdmin(ctx.actor, 'create partner tokens');
  const { clock } = ctx.services;
  return inTransaction(ctx.services.db, async (trx) => {
    const partner = await findPartner(trx, input.partner);
    if (!partner.is_active) throw ValidationError.field('partner', `Partner ${partner.name} is inactive.`);
    const secret = newTokenSecret(48);
    const [id] = await trx('partner_tokens').insert({
      partner_id: partner.id,
      token_hash: secret.hash,
      created_at: toDbTime(clock.now()),
    });
    await recordAudit(trx, clock, {
      event: 'partner_token.created',
      actorUserId: ctx.actor.userId,
      subjectType: 'partner',
      subjectId: partner.id,
      organizationId: null,
      context: { token_id: Number(id) },
    });
    return {
      token: `${PARTNER_TOKEN_PREFIX}${id}|${secret.plain}`,
      token_id: Number(id),
      partner: { id: partner.id, name: partner.name },
    };
  });
}

export async function revokePartnerTokens(
  ctx: AdminContext,
  input: { partner: string; token_id?: number; all?: boolean },
): Promise<{ partner: { id: number; name: string }; revoked_token_ids: number[] }> {
  requireSystemAdmin(ctx.actor, 'revoke partner tokens');
  if ((input.token_id === undefined) === !input.all) {
    throw ValidationError.field('token_id', 'Name one token id, or ask for all tokens (not both).');
  }
  const { clock } = ctx.services;
  return inTransaction(ctx.services.db, async (trx) => {
    const partner = await findPartner(trx, input.partner);
    const q = trx('partner_tokens').where({ partner_id: partner.id }).whereNull('revoked_at');
    if (input.token_id !== undefined) q.where({ id: input.token_id });
    const ids = (await q.clone().select('id').orderBy('id')).map((r) => Number(r.id));
    if (input.token_id !== undefined && ids.length === 0) {
      throw ValidationError.field(
        'token_id',
        `Partner ${partner.name} has no active token ${input.token_id}.`,
      );
    }
    if (ids.length) {
      await trx('partner_tokens')
        .whereIn('id', ids)
        .update({ revoked_at: toDbTime(clock.now()) });
      await recordAudit(trx, clock, {
        event: 'partner_token.revoked',
        actorUserId: ctx.actor.userId,
        subjectType: 'partner',
        subjectId: partner.id,
        organizationId: null,
        context: { token_ids: ids },
      });
    }
    return { partner: { id: partner.id, name: partner.name }, revoked_token_ids: ids };
  });
}
