// A new pet (patient): by the clinic for one of its Clients (POST /tenant/{tenant}/pets and its
// alias /patients/onboard), or by an owner under their own clinic (POST /owner/me/pets), which is
// the tenant of their first Client row.
import type { Knex } from 'knex';
import { ValidationError } from '../../../core/errors.js';
import { inTransaction } from '../../../db/transaction.js';
import { toDbTime } from '../../../db/time.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';
import { loadPet } from '../queries.js';
import type { PetFields } from '../schemas.js';

export async function createPetForTenant(
  ctx: ClinicContext,
  input: { tenantId: number; clientId: number; fields: PetFields },
): Promise<Record<string, any>> {
  return inTransaction(ctx.services.db, async (trx) => {
    const client = await trx('clinic_clients')
      .where({ id: input.clientId, tenant_id: input.tenantId })
      .first('id');
    const errors = petFieldErrors(ctx, input.fields);
    if (!client) errors.client_id = ['The selected client_id is not a client of this tenant.'];
    if (Object.keys(errors).length) throw new ValidationError(errors);
    return insertPet(ctx, trx, input.tenantId, input.clientId, input.fields);
  });
}

export async function createPetForOwner(
  ctx: ClinicContext,
  input: { ownerUserId: number; fields: PetFields },
): Promise<Record<string, any>> {
  return inTransaction(ctx.services.db, async (trx) => {
    // "The owner's clinic": the first Client row linking the owner to a tenant.
    const client = await trx('clinic_clients')
      .where('owner_user_id', input.ownerUserId)
      .orderBy('id')
      .first();
    const errors = petFieldErrors(ctx, input.fields);
    if (!client) errors.client_id = ['You are not registered as a client of any clinic.'];
    if (Object.keys(errors).length) throw new ValidationError(errors);
    return insertPet(ctx, trx, Number(client.tenant_id), Number(client.id), input.fields);
  });
}

/** Rules the schema cannot check alone: a birth date is not in the future (by the service clock, UTC). */
export function petFieldErrors(ctx: ClinicContext, fields: PetFields): Record<string, string[]> {
  const today = ctx.services.clock.now().toISOString().slice(0, 10);
  if (fields.date_of_birth && fields.date_of_birth > today) {
    return { date_of_birth: ['The date_of_birth field must be a date before or equal to today.'] };
  }
  return {};
}

async function insertPet(
  ctx: ClinicContext,
  trx: Knex.Transaction,
  tenantId: number,
  clientId: number,
  fields: PetFields,
) {
  const now = toDbTime(ctx.services.clock.now());
  const [id] = await trx('pets').insert({
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
  await recordAudit(trx, ctx, {
    tenantId,
    action: 'pet.created',
    subjectType: 'pet',
    subjectId: Number(id),
    details: { client_id: clientId },
  });
  return loadPet(trx, Number(id));
}
