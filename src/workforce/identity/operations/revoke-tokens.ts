// `wfctl token revoke --user EMAIL [--id TOKEN_ID]`: an admin ends a user's sessions (all of them,
// or one), e.g. after a lost laptop. The next request with a revoked token gets a 401.
import { ValidationError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import type { WorkforceRun } from '../../context.js';
import { resolveUser } from '../resolve.js';
import { revokeUserTokens } from '../revocation.js';

export const revokeTokensInput = yup.object({
  email: yup.string().trim().required().max(191),
  token_id: idNumber(),
});

export interface RevokeTokensResult {
  user: { id: number; email: string };
  revoked_token_ids: number[];
}

export const revokeTokens = defineWrite('token.revoke', 'system.admin', {
  summary: "Revoke a user's active tokens (all of them, or one); their next request gets a 401",
  input: revokeTokensInput,
  async run(ctx: WorkforceRun, input): Promise<RevokeTokensResult> {
    const { db } = ctx;
    const user = await resolveUser(db, input.email, 'email');
    const ids = await revokeUserTokens(db, ctx.services.clock, { userId: user.id, tokenId: input.token_id });
    if (input.token_id !== undefined && ids.length === 0) {
      throw ValidationError.field('token_id', `${user.email} has no active token ${input.token_id}.`);
    }
    if (ids.length) {
      ctx.audit({
        action: 'user.tokens_revoked',
        subjectType: 'user',
        subjectId: user.id,
        scopeId: null,
        details: { token_ids: ids },
      });
    }
    return { user: { id: user.id, email: user.email }, revoked_token_ids: ids };
  },
});
