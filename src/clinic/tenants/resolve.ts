// Finding a tenant by the reference a caller gives: its id, or its slug. Slugs always contain a
// letter (see schemas.ts), so "12" can only mean the id and the two never collide.
import type { Knex } from 'knex';
import { NotFoundError } from '../../core/errors.js';

export type TenantRow = Record<string, any> & { id: number; business_type: string };

export async function findTenantByRef(db: Knex, ref: string | number): Promise<TenantRow | undefined> {
  const text = String(ref).trim();
  if (/^[0-9]+$/.test(text)) {
    const id = Number(text);
    return Number.isSafeInteger(id) ? db('tenants').where('id', id).first() : undefined;
  }
  return text.length <= 64 ? db('tenants').where('slug', text.toLowerCase()).first() : undefined;
}

/** The tenant an operation names by id; an unknown id is a 404. */
export async function loadTenant(db: Knex, tenantId: number): Promise<TenantRow> {
  const tenant = await db('tenants').where('id', tenantId).first();
  if (!tenant) throw new NotFoundError('Tenant not found.');
  return { ...tenant, id: Number(tenant.id) };
}
