// Pet lists, 20 per page, newest first: the tenant's patients, or the pets whose Client row belongs
// to the owner (the contract's "pets whose client has owner_user_id equal to the caller").
import type { ClinicContext } from '../../context.js';
import { fetchPage, PAGE_SIZES, type Page } from '../../pagination.js';
import { petsWithClient } from '../queries.js';

export function listTenantPets(
  ctx: ClinicContext,
  input: { tenantId: number; page: number },
): Promise<Page<Record<string, any>>> {
  const q = petsWithClient(ctx.services.db).where('p.tenant_id', input.tenantId).orderBy('p.id', 'desc');
  return fetchPage(q, input.page, PAGE_SIZES.pets);
}

export function listOwnerPets(
  ctx: ClinicContext,
  input: { ownerUserId: number; page: number },
): Promise<Page<Record<string, any>>> {
  const q = petsWithClient(ctx.services.db)
    .where('c.owner_user_id', input.ownerUserId)
    .orderBy('p.id', 'desc');
  return fetchPage(q, input.page, PAGE_SIZES.pets);
}
