// A new pet (patient): by the clinic for one of its Clients (pet.create: POST /tenant/{tenant}/pets
// and its alias /patients/onboard, `wfctl pet create`), or by an owner under their own clinic
// (owner-pet.create: POST /owner/me/pets), which is the tenant of their first Client row.
import { ValidationError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { tenantScope, tenantScoped } from '../../tenant-scope.js';
import { tenantToday } from '../../tenants/time-zone.js';
import { loadPet } from '../queries.js';
import { ownerStorePetSchema, storePetSchema, type PetFields } from '../schemas.js';
import { photoLinks, type PhotoLinks } from '../../pet-photos/links.js';
import { serializePet, type PetView } from '../serialize.js';
import { countAdded } from '../../counters.js';

export const createPetInput = tenantScoped(storePetSchema);

export const createPet = defineWrite('pet.create', 'tenant.member', {
  summary: 'Register a pet (patient) for one of the tenant’s clients',
  input: createPetInput,
  // The signing key of photo_url is read on the pool, before the transaction (see appSecret).
  prepare: (ctx) => photoLinks(ctx.services),
  async run(ctx: ClinicRun, input, links: PhotoLinks): Promise<PetView> {
    const tenantId = await tenantScope(ctx, input);
    const { tenant_id: _id, tenant: _name, client_id: clientId, ...fields } = input;
    const client = await ctx.db('clinic_clients').where({ id: clientId, tenant_id: tenantId }).first('id');
    const errors = await petFieldErrors(ctx, tenantId, fields);
    if (!client) errors.client_id = ['The selected client_id is not a client of this tenant.'];
    if (Object.keys(errors).length) throw new ValidationError(errors);
    return insertPet(ctx, tenantId, clientId, fields, links);
  },
});

export const createOwnerPet = defineWrite('owner-pet.create', 'authenticated', {
  summary: 'Add a pet under the owner’s clinic (the tenant of their first Client row)',
  input: ownerStorePetSchema,
  prepare: (ctx) => photoLinks(ctx.services),
  async run(ctx: ClinicRun, fields, links: PhotoLinks): Promise<PetView> {
    // "The owner's clinic": the first Client row linking the owner to a tenant.
    const client = await ctx
      .db('clinic_clients')
      .where('owner_user_id', ctx.owns('self'))
      .orderBy('id')
      .first();
    const errors = await petFieldErrors(ctx, client?.tenant_id, fields);
    if (!client) errors.client_id = ['You are not registered as a client of any clinic.'];
    if (Object.keys(errors).length) throw new ValidationError(errors);
    return insertPet(ctx, Number(client.tenant_id), Number(client.id), fields, links);
  },
});

/**
 * Rules the schema cannot check alone: a birth date is not in the future, "today" being the date on
 * the wall clock of the pet's clinic (a pet born this morning in Pune is not refused before 05:30).
 */
export async function petFieldErrors(
  ctx: ClinicRun,
  tenantId: unknown,
  fields: PetFields,
): Promise<Record<string, string[]>> {
  if (!fields.date_of_birth && !fields.deceased_on) return {};
  const today = await tenantToday(ctx.db, tenantId, ctx.services.clock.now());
  const errors: Record<string, string[]> = {};
  if (fields.date_of_birth && fields.date_of_birth > today) {
    errors.date_of_birth = ['The date_of_birth field must be a date before or equal to today.'];
  }
  if (fields.deceased_on && fields.deceased_on > today) {
    errors.deceased_on = ['The deceased_on field must be a date before or equal to today.'];
  }
  return errors;
}

async function insertPet(
  ctx: ClinicRun,
  tenantId: number,
  clientId: number,
  fields: PetFields,
  links: PhotoLinks,
) {
  const now = toDbTime(ctx.services.clock.now());
  const [id] = await ctx.db('pets').insert({
    tenant_id: tenantId,
    client_id: clientId,
    name: fields.name,
    species: fields.species,
    breed: fields.breed ?? null,
    sex: fields.sex ?? 'unknown',
    date_of_birth: fields.date_of_birth ?? null,
    color: fields.color ?? null,
    microchip_id: fields.microchip_id ?? null,
    weight_kg: fields.weight_kg ?? null,
    created_at: now,
    updated_at: now,
  });
  await countAdded(ctx.db, tenantId, 'pets');
  ctx.audit({
    action: 'pet.created',
    subjectType: 'pet',
    subjectId: Number(id),
    scopeId: tenantId,
    details: { client_id: clientId },
  });
  return serializePet(await loadPet(ctx.db, Number(id)), links);
}
