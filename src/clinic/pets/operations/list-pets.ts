// Pet lists, 20 per page, newest first: the tenant's patients (pet.list), or the pets whose Client
// row belongs to the caller (owner-pet.list: "pets whose client has owner_user_id equal to the caller").
import { defineRead } from '../../../core/operation.js';
import type { ClinicRun } from '../../context.js';
import { tenantScope, tenantScoped } from '../../tenant-scope.js';
import type { Branch } from '../../../db/ordered-union.js';
import { branchPerKey, ownerClientIds } from '../../owner-scope.js';
import { fetchKeyedPage, PAGE_SIZES, type Page } from '../../pagination.js';
import { petsWithClient } from '../queries.js';
import { petListQuery } from '../schemas.js';
import { photoLinks } from '../../pet-photos/links.js';
import { serializePet, type PetView } from '../serialize.js';
import { counterTotal } from '../../counters.js';

async function page(
  ctx: ClinicRun,
  branches: Branch[],
  n: number,
  known?: () => Promise<number>,
): Promise<Page<PetView>> {
  const found = await fetchKeyedPage<Record<string, any>>(
    ctx.db,
    branches,
    [{ column: 'id', order: 'desc' }],
    n,
    PAGE_SIZES.pets,
    (ids) => petsWithClient(ctx.db).whereIn('p.id', ids),
    known,
  );
  const links = await photoLinks(ctx.services); // a read: on the pool
  return { ...found, items: found.items.map((row) => serializePet(row, links)) };
}

export const listPets = defineRead('pet.list', 'tenant.member', {
  summary: 'The tenant’s pets (patients) with their client, 20 per page, newest first',
  input: tenantScoped(petListQuery),
  async run(ctx: ClinicRun, input): Promise<Page<PetView>> {
    const tenantId = await tenantScope(ctx, input);
    // Index (tenant_id, id); the total from the tenant's pets counter.
    const pets = ctx.db('pets as p').where('p.tenant_id', tenantId).select('p.id');
    return page(ctx, [{ query: pets }], input.page, () => counterTotal(ctx.db, tenantId, 'pets'));
  },
});

export const listOwnerPets = defineRead('owner-pet.list', 'authenticated', {
  summary: 'The caller’s pets (whose Client row is theirs), 20 per page, newest first',
  input: petListQuery,
  async run(ctx: ClinicRun, input): Promise<Page<PetView>> {
    // Per Client row of the caller, index (client_id, id). The total stays a COUNT(*): an owner's
    // pets are a handful, and no counter is kept per owner.
    const clients = await ownerClientIds(ctx.db, ctx.owns('self'));
    return page(
      ctx,
      branchPerKey(clients, 'p.client_id', () => ctx.db('pets as p').select('p.id')),
      input.page,
    );
  },
});
