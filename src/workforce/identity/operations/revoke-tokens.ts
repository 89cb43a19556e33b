// `wfctl token revoke --user EMAIL [--id TOKEN_ID]`: an admin ends a user's sessions (all of them,
// or one), e.g. after a lost laptop. The next request with a revoked token gets a 401.
import { ValidationError } from '../../../core/errors.js';
import { inTransaction } from '../../../db/transaction.js';
import { recordAudit } from '../../audit/record.js';
import { requireSystemAdmin, type AdminContext } from '../admin.js';
import { resolveUser } from '../resolve.js';
import { revokeUserTokens } from '../revocation.js';

export async function revokeTokens(
  ctx: AdminContext,
  input: { email: string; token_id?: number },
): Promise<{ user: { id: number; email: string }; revoked_token_ids: number[] }> {
  requireSystemAdmin(ctx.actor, 'revoke tokens');
  const { clock } = ctx.services;
  return inTransaction(ctx.services.db, async (trx) => {
    const user = await resolveUser(trx, input.email, 'user');
    const ids = await revokeUserTokens(trx, clock, { userId: user.id, tokenId: input.token_id });
    if (input.token_id !== undefined && ids.length === 0) {
      throw ValidationError.field('id', `${user.email} has no active token ${input.token_id}.`);
    }
    if (ids.length) {
      await recordAudit(trx, clock, {
        event: 'user.tokens_revoked',
        actorUserId: ctx.actor.userId,
        subjectType: 'user',
        subjectId: user.id,
        organizationId: null,
        context: { token_ids: ids },
      });
    }
    return { user: { id: user.id, email: user.email }, revoked_token_ids: ids };
  });
}
