// Invoice lists, 20 per page, newest first, each with pet, client, items and payments: the tenant's,
// or the owner's (invoices of their Client rows).
import type { ClinicContext } from '../../context.js';
import { fetchPage, PAGE_SIZES, type Page } from '../../pagination.js';
import { invoicesWithParties, withLines } from '../queries.js';

async function page(ctx: ClinicContext, q: ReturnType<typeof invoicesWithParties>, n: number) {
  const result = await fetchPage<Record<string, any>>(q.orderBy('i.id', 'desc'), n, PAGE_SIZES.invoices);
  return { ...result, items: await withLines(ctx.services.db, result.items) };
}

export function listTenantInvoices(
  ctx: ClinicContext,
  input: { tenantId: number; page: number },
): Promise<Page<Record<string, any>>> {
  return page(ctx, invoicesWithParties(ctx.services.db).where('i.tenant_id', input.tenantId), input.page);
}

export function listOwnerInvoices(
  ctx: ClinicContext,
  input: { ownerUserId: number; page: number },
): Promise<Page<Record<string, any>>> {
  return page(
    ctx,
    invoicesWithParties(ctx.services.db).where('c.owner_user_id', input.ownerUserId),
    input.page,
  );
}
