// POST /auth/logout revokes the token the request came with; POST /auth/logout-all every token of
// the user (web and mobile, this one included).
import type { Services } from '../../../core/services.js';
import { UnauthorizedError } from '../../../core/errors.js';
import { inTransaction } from '../../../db/transaction.js';
import type { UserPrincipal } from '../principal.js';
import { revokeUserTokens } from '../revocation.js';

type Ctx = { services: Services; actor: UserPrincipal };

export async function logout(ctx: Ctx): Promise<{ revoked_tokens: number }> {
  const tokenId = ctx.actor.tokenId;
  if (tokenId === null) throw new UnauthorizedError('Logout needs the bearer token to revoke.');
  const ids = await inTransaction(ctx.services.db, (trx) =>
    revokeUserTokens(trx, ctx.services.clock, { userId: ctx.actor.userId, tokenId }),
  );
  return { revoked_tokens: ids.length };
}

export async function logoutAll(ctx: Ctx): Promise<{ revoked_tokens: number }> {
  const ids = await inTransaction(ctx.services.db, (trx) =>
    revokeUserTokens(trx, ctx.services.clock, { userId: ctx.actor.userId }),
  );
  return { revoked_tokens: ids.length };
}
