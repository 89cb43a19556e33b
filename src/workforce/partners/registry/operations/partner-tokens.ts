// Inbound partner tokens `pt_<id>|<secret>`: the secret is shown once by `wfctl partner token
// create` and only its SHA-256 is kept. A partner may hold several (to rotate without downtime).
import { ValidationError } from '../../../../core/errors.js';
import { newTokenSecret } from '../../../../core/crypto.js';
import { defineWrite } from '../../../../core/operation.js';
import { idNumber, yup } from '../../../../core/validation.js';
import { toDbTime } from '../../../../db/time.js';
import type { WorkforceRun } from '../../../context.js';
import { PARTNER_TOKEN_PREFIX } from '../../../identity/tokens.js';
import { findPartner } from '../lookup.js';

const partnerRef = yup.string().trim().required().max(191);

export interface CreatedPartnerToken {
  token: string;
  token_id: number;
  partner: { id: number; name: string };
}

export const createPartnerToken = defineWrite('partner-token.create', 'system.admin', {
  summary:
    'Create an inbound partner token pt_<id>|<secret>; the secret is shown once, only its hash is kept',
  input: yup.object({ partner: partnerRef }),
  async run(ctx: WorkforceRun, input): Promise<CreatedPartnerToken> {
    const { db } = ctx;
    const partner = await findPartner(db, input.partner);
    if (!partner.is_active) throw ValidationError.field('partner', `Partner ${partner.name} is inactive.`);
    const secret = newTokenSecret(48);
    const [id] = await db('partner_tokens').insert({
      partner_id: partner.id,
      token_hash: secret.hash,
      created_at: toDbTime(ctx.services.clock.now()),
    });
    ctx.audit({
      action: 'partner_token.created',
      subjectType: 'partner',
      subjectId: partner.id,
      scopeId: null,
      details: { token_id: Number(id) },
    });
    return {
      token: `${PARTNER_TOKEN_PREFIX}${id}|${secret.plain}`,
      token_id: Number(id),
      partner: { id: partner.id, name: partner.name },
    };
  },
});

export const revokePartnerTokensInput = yup.object({
  partner: partnerRef,
  token_id: idNumber(),
  all: yup.boolean(),
});

export interface RevokedPartnerTokens {
  partner: { id: number; name: string };
  revoked_token_ids: number[];
}

export const revokePartnerTokens = defineWrite('partner-token.revoke', 'system.admin', {
  summary: 'Revoke one inbound partner token, or all of them',
  input: revokePartnerTokensInput,
  async run(ctx: WorkforceRun, input): Promise<RevokedPartnerTokens> {
    if ((input.token_id === undefined) === !input.all) {
      throw ValidationError.field('token_id', 'Name one token id, or ask for all tokens (not both).');
    }
    const { db } = ctx;
    const partner = await findPartner(db, input.partner);
    const q = db('partner_tokens').where({ partner_id: partner.id }).whereNull('revoked_at');
    if (input.token_id !== undefined) q.where({ id: input.token_id });
    const ids = (await q.clone().select('id').orderBy('id')).map((r) => Number(r.id));
    if (input.token_id !== undefined && ids.length === 0) {
      throw ValidationError.field(
        'token_id',
        `Partner ${partner.name} has no active token ${input.token_id}.`,
      );
    }
    if (ids.length) {
      await db('partner_tokens')
        .whereIn('id', ids)
        .update({ revoked_at: toDbTime(ctx.services.clock.now()) });
      ctx.audit({
        action: 'partner_token.revoked',
        subjectType: 'partner',
        subjectId: partner.id,
        scopeId: null,
        details: { token_ids: ids },
      });
    }
    return { partner: { id: partner.id, name: partner.name }, revoked_token_ids: ids };
  },
});
