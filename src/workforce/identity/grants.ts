// Loading a user's role grants.
import type { Knex } from 'knex';
import { isRole } from './permissions.js';
import type { RoleGrant } from './principal.js';

export async function loadGrants(db: Knex, userId: number): Promise<RoleGrant[]> {
  const rows = await db('user_roles')
    .where({ user_id: userId })
    .select('role', 'organization_id')
    .orderBy('id');
  return toGrants(rows);
}

/** user_roles rows (role, organization_id) as grants; rows without a known role are skipped. */
export function toGrants(rows: Array<{ role: string | null; organization_id: unknown }>): RoleGrant[] {
  return rows
    .filter((r) => r.role !== null && isRole(r.role))
    .map((r) => ({
      role: r.role as RoleGrant['role'],
      organizationId: r.organization_id === null ? null : Number(r.organization_id),
    }));
}

/** The login response's roles[] and scopes[] (scopes: one entry per organization held). */
export function describeGrants(grants: RoleGrant[]): {
  roles: Array<RoleGrant['role']>;
  scopes: Array<{ type: 'organization'; organization_id: number } | { type: 'global' }>;
} {
  const roles = [...new Set(grants.map((g) => g.role))];
  const orgIds = [
    ...new Set(grants.filter((g) => g.organizationId !== null).map((g) => g.organizationId as number)),
  ];
  const scopes: Array<{ type: 'organization'; organization_id: number } | { type: 'global' }> = orgIds
    .sort((a, b) => a - b)
    .map((id) => ({ type: 'organization' as const, organization_id: id }));
  if (grants.some((g) => g.organizationId === null)) scopes.unshift({ type: 'global' });
  return { roles, scopes };
}
