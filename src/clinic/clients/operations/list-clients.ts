// GET /tenant/{tenant}/clients: the tenant's Client rows (pet owners it knows), 50 per page, by name.
import type { ClinicContext } from '../../context.js';
import { fetchPage, PAGE_SIZES, type Page } from '../../pagination.js';

export function listClients(
  ctx: ClinicContext,
  input: { tenantId: number; page: number },
): Promise<Page<Record<string, any>>> {
  const { db } = ctx.services;
  const q = db('clinic_clients as c')
    .where('c.tenant_id', input.tenantId)
    .select('c.*', db('pets').whereRaw('pets.client_id = c.id').count('*').as('pets_count'))
    .orderBy([{ column: 'c.name' }, { column: 'c.id' }]);
  return fetchPage(q, input.page, PAGE_SIZES.clients);
}
