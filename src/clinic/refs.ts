// The clinic's names, resolved to ids in one place: a tenant by slug or id (more to come as operations
// take names). An unknown name is the one error of core/near-match.ts (unknownReference): a 404 naming
// the field it came from (an input field, or the CLI's flag), with the nearest existing slug.
import type { Knex } from 'knex';
import { unknownReference } from '../core/near-match.js';
import { findTenantByRef } from './tenants/resolve.js';

export async function tenantRef(
  db: Knex,
  ref: string,
  field = 'tenant',
): Promise<{ id: number; slug: string }> {
  const tenant = await findTenantByRef(db, ref);
  if (tenant) return { id: Number(tenant.id), slug: String(tenant.slug) };
  throw unknownReference(field, 'tenant', ref, await db('tenants').pluck('slug'), 'with that id or slug');
}
