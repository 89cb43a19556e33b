// Invoice lists, 20 per page, newest first, each with pet, client, items and payments: the tenant's
// (invoice.list), or the caller's (owner-invoice.list: invoices of their Client rows).
import type { Knex } from 'knex';
import { defineRead } from '../../../core/operation.js';
import type { ClinicRun } from '../../context.js';
import { tenantScope, tenantScoped } from '../../tenant-scope.js';
import { throughIndex } from '../../../db/knex.js';
import type { Branch } from '../../../db/ordered-union.js';
import { branchPerKey, ownerClientIds } from '../../owner-scope.js';
import { fetchKeyedPage, PAGE_SIZES, type Page } from '../../pagination.js';
import { invoicesWithParties, withLines } from '../queries.js';
import { invoiceListQuery } from '../schemas.js';
import { serializeInvoice, type InvoiceView } from '../serialize.js';
import { counterTotal } from '../../counters.js';

async function page(
  db: Knex,
  branches: Branch[],
  n: number,
  known?: () => Promise<number>,
): Promise<Page<InvoiceView>> {
  const found = await fetchKeyedPage<Record<string, any>>(
    db,
    branches,
    [{ column: 'id', order: 'desc' }],
    n,
    PAGE_SIZES.invoices,
    (ids) => invoicesWithParties(db).whereIn('i.id', ids),
    known,
  );
  return { ...found, items: (await withLines(db, found.items)).map(serializeInvoice) };
}

export const listInvoices = defineRead('invoice.list', 'tenant.member', {
  summary: 'The tenant’s invoices with pet, client, items and payments, 20 per page, newest first',
  input: tenantScoped(invoiceListQuery),
  async run(ctx: ClinicRun, input): Promise<Page<InvoiceView>> {
    const tenantId = await tenantScope(ctx, input);
    // Index (tenant_id, id), named: see throughIndex. The total: the tenant's invoice counters.
    const invoices = throughIndex(ctx.db, 'invoices', 'i', 'invoices_tenant_id_id_index')
      .where('i.tenant_id', tenantId)
      .select('i.id');
    return page(ctx.db, [{ query: invoices }], input.page, () => counterTotal(ctx.db, tenantId, 'invoices'));
  },
});

export const listOwnerInvoices = defineRead('owner-invoice.list', 'authenticated', {
  summary: 'The caller’s invoices (of their Client rows), 20 per page, newest first',
  input: invoiceListQuery,
  async run(ctx: ClinicRun, input): Promise<Page<InvoiceView>> {
    // Per Client row of the caller, index (client_id, id); the total stays a COUNT(*) (per owner).
    const clients = await ownerClientIds(ctx.db, ctx.owns('self'));
    const branches = branchPerKey(clients, 'i.client_id', () => ctx.db('invoices as i').select('i.id'));
    return page(ctx.db, branches, input.page);
  },
});
