// The clinic's names, resolved to ids in one place: a tenant by slug or id, a member of a tenant by
// login email or user id (the CLI's `--vet vera@example.test`). An unknown name is the one error of core/near-match.ts (unknownReference): a 404 naming
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

/** A member of `tenantId` by login email or user id: another tenant's user is unknown here. */
export async function memberRef(
  db: Knex,
  tenantId: number,
  ref: string,
  field = 'member',
): Promise<{ id: number; email: string }> {
  const members = () =>
    db('tenant_memberships as m')
      .join('clinic_users as u', 'u.id', 'm.user_id')
      .where('m.tenant_id', tenantId);
  const text = ref.trim();
  const row = /^[1-9][0-9]{0,15}$/.test(text)
    ? await members().where('u.id', Number(text)).first('u.id', 'u.email')
    : await members().where('u.email', text.toLowerCase()).first('u.id', 'u.email');
  if (row) return { id: Number(row.id), email: String(row.email) };
  throw unknownReference(field, 'member', ref, await members().pluck('u.email'), 'in this tenant');
}
