// POST /auth/logout revokes the token the request came with; POST /auth/logout-all every token of
// the user (web and mobile, this one included).
import { UnauthorizedError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import type { Shape } from '../../../core/shape.js';
import { yup } from '../../../core/validation.js';
import { actingUser, type WorkforceRun } from '../../context.js';
import { revokeUserTokens } from '../revocation.js';
import type { RevokedTokens as RevokedTokensShape } from '../serialize.js';

const noInput = yup.object({});

export type RevokedTokens = Shape<typeof RevokedTokensShape>;

export const logout = defineWrite('auth.logout', 'authenticated', {
  summary: 'Revoke the token this request carries',
  input: noInput,
  async run(ctx: WorkforceRun): Promise<RevokedTokens> {
    ctx.owns('self');
    const actor = actingUser(ctx);
    const tokenId = actor.tokenId;
    if (tokenId === null) throw new UnauthorizedError('Logout needs the bearer token to revoke.');
    const ids = await revokeUserTokens(ctx.db, ctx.services.clock, { userId: actor.userId, tokenId });
    return { revoked_tokens: ids.length };
  },
});

export const logoutAll = defineWrite('auth.logout-all', 'authenticated', {
  summary: 'Revoke every token of the user (all devices, this one included)',
  input: noInput,
  async run(ctx: WorkforceRun): Promise<RevokedTokens> {
    const userId = ctx.owns('self');
    const ids = await revokeUserTokens(ctx.db, ctx.services.clock, { userId });
    return { revoked_tokens: ids.length };
  },
});
