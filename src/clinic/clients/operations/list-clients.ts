// GET /tenant/{tenant}/clients, `wfctl client list`: the tenant's Client rows (pet owners it
// knows), 50 per page, by name.
import { defineOperation } from '../../../core/operation.js';
import { idNumber } from '../../../core/validation.js';
import type { ClinicRun } from '../../context.js';
import { fetchPage, PAGE_SIZES, pageQuery, type Page } from '../../pagination.js';
import { loadTenant } from '../../tenants/resolve.js';
import { serializeClient, type ClientView } from '../serialize.js';

export const listClients = defineOperation({
  name: 'client.list',
  summary: 'The tenant’s clients (pet owners), 50 per page, by name',
  input: pageQuery.shape({ tenant_id: idNumber().required() }),
  permission: 'tenant.member',
  kind: 'read',
  async run(ctx: ClinicRun, input): Promise<Page<ClientView>> {
    const { db } = ctx;
    const tenant = await loadTenant(db, input.tenant_id);
    await ctx.authorize(tenant.id, 'Tenant');
    const q = db('clinic_clients as c')
      .where('c.tenant_id', tenant.id)
      .select('c.*', db('pets').whereRaw('pets.client_id = c.id').count('*').as('pets_count'))
      .orderBy([{ column: 'c.name' }, { column: 'c.id' }]);
    const page = await fetchPage<Record<string, any>>(q, input.page, PAGE_SIZES.clients);
    return { ...page, items: page.items.map(serializeClient) };
  },
});
