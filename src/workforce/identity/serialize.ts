// The user as clients see it (login response `user`, GET /me): id, name, email, roles[], scopes[];
// and the login response around it.
import type { Knex } from 'knex';
import { DateTime, Enum, Int, List, Obj, Optional, Str, type Shape } from '../../core/shape.js';
import { describeGrants, loadGrants } from './grants.js';
import { ROLES } from './permissions.js';

/** Where a role applies: one organization, or everywhere. */
export const Scope = Obj({
  type: Enum(['organization', 'global'] as const, { description: 'scope kind' }),
  organization_id: Optional(Int({ description: 'present for an organization scope' })),
});

/** The contract's login response `user`, and GET /me. */
export const User = Obj({
  id: Int({ example: 12 }),
  name: Str({ example: 'Asha Rao' }),
  email: Str({ example: 'asha@acme.test' }),
  roles: List(Enum(ROLES)),
  scopes: List(Scope),
});
export type UserBody = Shape<typeof User>;

/** The contract's login response. */
export const LoginResponse = Obj({
  token: Str({ example: '42|Yx2…48 characters…', description: '<id>|<secret>; shown once' }),
  token_type: Enum(['Bearer'] as const),
  user: User,
  expires_at: DateTime({ description: 'ISO-8601 UTC' }),
});

/** POST /auth/logout and /auth/logout-all. */
export const RevokedTokens = Obj({ revoked_tokens: Int({ example: 1 }) });

export async function userBody(
  db: Knex,
  user: { id: number; name: string; email: string },
): Promise<UserBody> {
  const { roles, scopes } = describeGrants(await loadGrants(db, user.id));
  return { id: Number(user.id), name: user.name, email: user.email, roles, scopes };
}
