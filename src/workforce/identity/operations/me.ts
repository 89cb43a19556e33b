// GET /me: the authenticated user, in the same shape as the login response's `user`.
import type { Services } from '../../../core/services.js';
import { UnauthorizedError } from '../../../core/errors.js';
import type { UserPrincipal } from '../principal.js';
import { describeGrants } from '../grants.js';
import type { UserBody } from '../serialize.js';

export async function me(ctx: { services: Services; actor: UserPrincipal }): Promise<UserBody> {
  const user = await ctx.services.db('users').where({ id: ctx.actor.userId }).first('id', 'name', 'email');
  if (!user) throw new UnauthorizedError();
  // The grants the request was authenticated with (read in the same request), not a second read.
  const { roles, scopes } = describeGrants(ctx.actor.grants);
  return { id: Number(user.id), name: user.name, email: user.email, roles, scopes };
}
