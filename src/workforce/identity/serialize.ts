// The user as clients see it (login response `user`, GET /me): id, name, email, roles[], scopes[].
import type { Knex } from 'knex';
import { describeGrants, loadGrants } from './grants.js';

export interface UserBody {
  id: number;
  name: string;
  email: string;
  roles: string[];
  scopes: Array<{ type: 'organization'; organization_id: number } | { type: 'global' }>;
}

export async function userBody(
  db: Knex,
  user: { id: number; name: string; email: string },
): Promise<UserBody> {
  const { roles, scopes } = describeGrants(await loadGrants(db, user.id));
  return { id: Number(user.id), name: user.name, email: user.email, roles, scopes };
}
