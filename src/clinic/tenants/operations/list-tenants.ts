// Every tenant with its member count, one page at a time (`wfctl tenant list`).
import type { ClinicContext } from '../../context.js';
import { fetchPage, PAGE_SIZES, type Page } from '../../pagination.js';
import type { TenantRow } from '../resolve.js';

export function listTenants(
  ctx: ClinicContext,
  input: { page: number },
): Promise<Page<TenantRow & { members_count: number }>> {
  const { db } = ctx.services;
  const members = db('tenant_memberships as m').whereRaw('?? = ??', ['m.tenant_id', 't.id']).count('*');
  return fetchPage(
    db('tenants as t').select('t.*', members.as('members_count')).orderBy('t.id'),
    input.page,
    PAGE_SIZES.tenants,
  );
}
