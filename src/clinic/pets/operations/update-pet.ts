// A partial update of a pet's fields: pet.update (PATCH /tenant/{tenant}/patients/{pet},
// `wfctl pet update`) reaches only its tenant's pets, owner-pet.update (PATCH /owner/me/pets/{pet})
// only the caller's own (anything else is a 404). The Client (ownership) never changes here: a pet
// moves only through a share code.
import type { Knex } from 'knex';
import { NotFoundError, ValidationError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import { idNumber } from '../../../core/validation.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { tenantScope, tenantScoped } from '../../tenant-scope.js';
import { ownedPet } from '../../ownership.js';
import { loadPet } from '../queries.js';
import { updatePetSchema, type PetFields } from '../schemas.js';
import { photoLinks, type PhotoLinks } from '../../pet-photos/links.js';
import { serializePet, type PetView } from '../serialize.js';
import { petFieldErrors } from './create-pet.js';

export const updatePetInput = tenantScoped(updatePetSchema.shape({ pet_id: idNumber().required() }));

export const updatePet = defineWrite('pet.update', 'tenant.member', {
  summary: 'Change some of a patient’s fields (all optional; the client is not changed here)',
  input: updatePetInput,
  // The signing key of photo_url is read on the pool, before the transaction (see appSecret).
  prepare: (ctx) => photoLinks(ctx.services),
  async run(ctx: ClinicRun, input, links: PhotoLinks): Promise<PetView> {
    const tenantId = await tenantScope(ctx, input);
    const { tenant_id: _id, tenant: _name, pet_id: petId, ...fields } = input;
    return applyUpdate(ctx, ctx.db('pets').where({ id: petId, tenant_id: tenantId }), petId, fields, links);
  },
});

export const updateOwnerPet = defineWrite('owner-pet.update', 'authenticated', {
  summary: 'Change some of the fields of one of the caller’s pets (primary owner only)',
  input: updatePetSchema.shape({ pet_id: idNumber().required() }),
  prepare: (ctx) => photoLinks(ctx.services),
  async run(ctx: ClinicRun, input, links: PhotoLinks): Promise<PetView> {
    const { pet_id: petId, ...fields } = input;
    await ctx.owns(ownedPet(petId, 'owner'));
    return applyUpdate(ctx, ctx.db('pets').where('id', petId), petId, fields, links);
  },
});

async function applyUpdate(
  ctx: ClinicRun,
  scope: Knex.QueryBuilder,
  petId: number,
  fields: PetFields,
  links: PhotoLinks,
): Promise<PetView> {
  const pet = await lockForUpdate(scope, ctx.db).first();
  if (!pet) throw new NotFoundError('Pet not found.');
  const errors = await petFieldErrors(ctx, pet.tenant_id, fields);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length) {
    await ctx
      .db('pets')
      .where('id', petId)
      .update({ ...changes, updated_at: toDbTime(ctx.services.clock.now()) });
    ctx.audit({
      action: 'pet.updated',
      subjectType: 'pet',
      subjectId: petId,
      scopeId: Number(pet.tenant_id),
      details: { fields: Object.keys(changes) },
    });
  }
  return serializePet(await loadPet(ctx.db, petId), links);
}
