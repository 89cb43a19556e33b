// POST /auth/logout: the token used for the request stops working at once (its row is deleted).
import { inTransaction } from '../../../db/transaction.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';
import { revokeToken } from '../tokens.js';

export async function logout(ctx: ClinicContext, input: { tokenId: number }): Promise<void> {
  await inTransaction(ctx.services.db, async (trx) => {
    await revokeToken(trx, input.tokenId);
    await recordAudit(trx, ctx, {
      tenantId: null,
      action: 'user.logged_out',
      subjectType: 'user',
      subjectId: ctx.actor.userId,
      details: { token_id: input.tokenId },
    });
  });
}
