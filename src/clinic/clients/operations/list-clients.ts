// GET /tenant/{tenant}/clients, `wfctl client list`: the tenant's Client rows (pet owners it
// knows), 50 per page, by name.
import { defineRead } from '../../../core/operation.js';
import type { ClinicRun } from '../../context.js';
import { tenantScope, tenantScoped } from '../../tenant-scope.js';
import { fetchKeyedPage, PAGE_SIZES, pageQuery, type Page } from '../../pagination.js';
import { serializeClient, type ClientView } from '../serialize.js';
import { counterTotal } from '../../counters.js';

export const listClients = defineRead('client.list', 'tenant.member', {
  summary: 'The tenant’s clients (pet owners), 50 per page, by name',
  input: tenantScoped(pageQuery),
  async run(ctx: ClinicRun, input): Promise<Page<ClientView>> {
    const { db } = ctx;
    const tenantId = await tenantScope(ctx, input);
    // The page's ids from index (tenant_id, name, id), then those clients with their pet counts;
    // the total from the tenant's clients counter.
    const keys = db('clinic_clients as c').where('c.tenant_id', tenantId).select('c.id');
    const page = await fetchKeyedPage<Record<string, any>>(
      db,
      [{ query: keys }],
      [
        { column: 'name', order: 'asc' },
        { column: 'id', order: 'asc' },
      ],
      input.page,
      PAGE_SIZES.clients,
      (ids) =>
        db('clinic_clients as c')
          .whereIn('c.id', ids)
          .select('c.*', db('pets').whereRaw('pets.client_id = c.id').count('*').as('pets_count')),
      () => counterTotal(db, tenantId, 'clients'),
    );
    return { ...page, items: page.items.map(serializeClient) };
  },
});
