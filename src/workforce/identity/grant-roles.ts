// Writing role grants: system_admin globally (scope_key 'global'), every other role per
// organization (scope_key 'org:<id>'), so the unique index also holds for the global grant.
import type { Knex } from 'knex';
import type { Clock } from '../../core/clock.js';
import { toDbTime } from '../../db/time.js';
import { organizationRef } from '../refs.js';
import type { RoleRef } from './user-schemas.js';

export interface ResolvedGrant {
  role: string;
  organizationId: number | null;
  scopeKey: string;
}

export async function resolveGrants(db: Knex, refs: RoleRef[], field: string): Promise<ResolvedGrant[]> {
  const out: ResolvedGrant[] = [];
  for (const ref of refs) {
    const org = ref.organization === null ? null : await organizationRef(db, ref.organization, field);
    const scopeKey = org ? `org:${org.id}` : 'global';
    if (!out.some((g) => g.role === ref.role && g.scopeKey === scopeKey)) {
      out.push({ role: ref.role, organizationId: org?.id ?? null, scopeKey });
    }
  }
  return out;
}

/** Adds the grants the user does not hold yet; returns those added. */
export async function addGrants(trx: Knex, clock: Clock, userId: number, grants: ResolvedGrant[]) {
  const held = await trx('user_roles').where({ user_id: userId }).select('role', 'scope_key');
  const fresh = grants.filter((g) => !held.some((h) => h.role === g.role && h.scope_key === g.scopeKey));
  if (fresh.length) {
    const now = toDbTime(clock.now());
    await trx('user_roles').insert(
      fresh.map((g) => ({
        user_id: userId,
        role: g.role,
        organization_id: g.organizationId,
        scope_key: g.scopeKey,
        created_at: now,
      })),
    );
  }
  return fresh;
}

/** Removes the grants the user holds; returns those removed. */
export async function removeGrants(trx: Knex, userId: number, grants: ResolvedGrant[]) {
  const removed: ResolvedGrant[] = [];
  for (const g of grants) {
    const n = await trx('user_roles')
      .where({ user_id: userId, role: g.role, scope_key: g.scopeKey })
      .delete();
    if (n) removed.push(g);
  }
  return removed;
}
