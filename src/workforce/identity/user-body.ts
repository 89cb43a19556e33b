// A user as the administration commands show it: account state and role grants by organization code.
import type { Knex } from 'knex';

export interface AdminUserBody {
  id: number;
  email: string;
  name: string;
  is_active: boolean;
  grants: Array<{ role: string; organization: string | null }>;
}

export async function adminUserBodies(db: Knex, users: Array<Record<string, any>>): Promise<AdminUserBody[]> {
  if (!users.length) return [];
  const grants = await db('user_roles')
    .leftJoin('organizations', 'organizations.id', 'user_roles.organization_id')
    .whereIn(
      'user_roles.user_id',
      users.map((u) => u.id),
    )
    .select('user_roles.user_id', 'user_roles.role', 'organizations.code')
    .orderBy('user_roles.id');
  return users.map((u) => ({
    id: Number(u.id),
    email: u.email,
    name: u.name,
    is_active: Boolean(u.is_active),
    grants: grants
      .filter((g) => Number(g.user_id) === Number(u.id))
      .map((g) => ({ role: g.role, organization: g.code ?? null })),
  }));
}

export async function adminUserBody(db: Knex, userId: number): Promise<AdminUserBody> {
  const user = await db('users').where({ id: userId }).first('id', 'email', 'name', 'is_active');
  return (await adminUserBodies(db, [user]))[0];
}
