// `wfctl tenant list`: the tenants with their member counts, one page at a time. The operator
// sees every tenant; an actor (--actor) the tenants they are a member of.
import { defineRead } from '../../../core/operation.js';
import type { ClinicRun } from '../../context.js';
import { fetchPage, PAGE_SIZES, pageQuery, type Page } from '../../pagination.js';
import { serializeTenant, type TenantView } from '../serialize.js';

export type TenantListItem = TenantView & { members_count: number };

export const listTenants = defineRead('tenant.list', 'tenant.member', {
  summary: 'List tenants with their member counts, 50 per page',
  input: pageQuery,
  async run(ctx: ClinicRun, input): Promise<Page<TenantListItem>> {
    const { db } = ctx;
    const visible = await ctx.scopes();
    const members = db('tenant_memberships as m').whereRaw('?? = ??', ['m.tenant_id', 't.id']).count('*');
    const query = db('tenants as t').select('t.*', members.as('members_count')).orderBy('t.id');
    if (visible !== null) query.whereIn('t.id', visible);
    const page = await fetchPage<Record<string, any>>(query, input.page, PAGE_SIZES.tenants);
    return {
      ...page,
      items: page.items.map((t) => ({ ...serializeTenant(t), members_count: Number(t.members_count) })),
    };
  },
});
