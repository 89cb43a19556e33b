// Setting and removing a pet's photo, from the owner portal (the primary owner: the photo is
// published on the tag, which only the primary owner controls) and from the clinic side (a member
// of the pet's tenant, the same rule as updating the patient). These run on the pool (`steps`):
// the image is decoded and normalised by sharp and written under a random name first, then the
// pet's row changes in one short transaction (a step run through ctx.call); the file it replaced
// is removed after that commits, the new one if it fails, so no row points at a missing file.
import type { UploadedFile } from '../../../core/routes.js';
import { NotFoundError } from '../../../core/errors.js';
import { defineSteps, defineWrite } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { ownedPet } from '../../ownership.js';
import { removeStoredFile, storeFile } from '../../documents/files.js';
import { loadPet } from '../../pets/queries.js';
import { serializePet, type PetView } from '../../pets/serialize.js';
import { normalisePhoto } from '../image.js';
import { photoLinks } from '../links.js';
import { photoUploadSchema } from '../schemas.js';

type Row = Record<string, any>;

const storedPhoto = yup
  .object({
    storage_name: yup.string().required(),
    width: yup.number().integer().min(1).required(),
    height: yup.number().integer().min(1).required(),
    size_bytes: yup.number().integer().min(1).required(),
  })
  .nullable()
  .default(null);
type StoredPhoto = yup.InferType<typeof storedPhoto>;

interface Swapped {
  /** The storage name of the photo this one replaced, to remove once committed. */
  previous: string | null;
  pet: Row;
}

/** Points the locked pet at `photo` (null: none), with its audit entry. */
async function swapPhoto(ctx: ClinicRun, pet: Row, photo: StoredPhoto): Promise<Swapped> {
  const { db } = ctx;
  const locked = await lockForUpdate(db('pets').where('id', pet.id), db).first();
  await db('pets')
    .where('id', pet.id)
    .update({
      photo_storage_name: photo?.storage_name ?? null,
      photo_width: photo?.width ?? null,
      photo_height: photo?.height ?? null,
      photo_size_bytes: photo?.size_bytes ?? null,
      updated_at: toDbTime(ctx.services.clock.now()),
    });
  if (photo || locked.photo_storage_name) {
    ctx.audit({
      action: photo ? 'pet.photo_set' : 'pet.photo_removed',
      subjectType: 'pet',
      subjectId: Number(pet.id),
      scopeId: Number(pet.tenant_id),
      details: photo ? { width: photo.width, height: photo.height, size_bytes: photo.size_bytes } : undefined,
    });
  }
  return { previous: locked.photo_storage_name ?? null, pet: await loadPet(db, Number(pet.id)) };
}

/** The pet in the tenant, or a 404 (another tenant's pet does not exist here). */
async function tenantPet(ctx: ClinicRun, tenantId: number, petId: number): Promise<Row> {
  await ctx.authorize(tenantId, 'Tenant');
  const pet = await ctx.db('pets').where({ id: petId, tenant_id: tenantId }).first();
  if (!pet) throw new NotFoundError('Pet not found.');
  return pet;
}

const ownerRowInput = yup.object({ pet_id: idNumber().required(), photo: storedPhoto });
const tenantRowInput = ownerRowInput.shape({ tenant_id: idNumber().required() });

/** A step of owner-pet.set-photo / remove-photo, run only through ctx.call (no face). */
export const storeOwnerPhotoRow = defineWrite('owner-pet.photo-row', 'authenticated', {
  summary: 'Point the pet at its new photo, or none (a step of the owner’s photo operations)',
  input: ownerRowInput,
  async run(ctx: ClinicRun, input): Promise<Swapped> {
    const { pet } = await ctx.owns(ownedPet(input.pet_id, 'owner'));
    return swapPhoto(ctx, pet, input.photo);
  },
});

/** A step of pet.set-photo / remove-photo, run only through ctx.call (no face). */
export const storeTenantPhotoRow = defineWrite('pet.photo-row', 'tenant.member', {
  summary: 'Point the patient at its new photo, or none (a step of the clinic’s photo operations)',
  input: tenantRowInput,
  async run(ctx: ClinicRun, input): Promise<Swapped> {
    return swapPhoto(ctx, await tenantPet(ctx, input.tenant_id, input.pet_id), input.photo);
  },
});

/** Normalise and store the upload (or nothing), run the row step, then tidy the files. */
async function replacePhoto(
  ctx: ClinicRun,
  upload: UploadedFile | null,
  step: (photo: StoredPhoto) => Promise<Swapped>,
): Promise<PetView> {
  const { config, logger } = ctx.services;
  const dir = config.clinic.storageDir;
  const photo = upload ? await normalisePhoto(upload.data) : null;
  const name = photo ? await storeFile(dir, 'pet-photos', 'jpg', photo.data) : null;
  let swapped: Swapped;
  try {
    swapped = await step(
      photo && name
        ? { storage_name: name, width: photo.width, height: photo.height, size_bytes: photo.data.length }
        : null,
    );
  } catch (err) {
    if (name) await removeStoredFile(dir, 'pet-photos', name).catch(() => {});
    throw err;
  }
  if (swapped.previous) {
    await removeStoredFile(dir, 'pet-photos', swapped.previous).catch((err) =>
      // The row no longer points at it: unreachable, so log it for the operator rather than fail.
      logger.error('pet photo file not removed', { error: err as Error, pet_id: swapped.pet.id }),
    );
  }
  return serializePet(swapped.pet, await photoLinks(ctx.services));
}

const ownerPet = yup.object({ pet_id: idNumber().required() });
const tenantPetInput = ownerPet.shape({ tenant_id: idNumber().required() });

export const setOwnerPetPhoto = defineSteps('owner-pet.set-photo', 'authenticated', {
  summary: 'Set the pet’s photo (multipart; JPEG, PNG or WebP; primary owner only)',
  input: photoUploadSchema.concat(ownerPet),
  async run(ctx: ClinicRun, input): Promise<PetView> {
    await ctx.owns(ownedPet(input.pet_id, 'owner'));
    return replacePhoto(ctx, input.photo as UploadedFile, (photo) =>
      ctx.call(storeOwnerPhotoRow, { pet_id: input.pet_id, photo }),
    );
  },
});

export const removeOwnerPetPhoto = defineSteps('owner-pet.remove-photo', 'authenticated', {
  summary: 'Remove the pet’s photo (primary owner only); no photo is fine',
  input: ownerPet,
  async run(ctx: ClinicRun, input): Promise<PetView> {
    await ctx.owns(ownedPet(input.pet_id, 'owner'));
    return replacePhoto(ctx, null, (photo) => ctx.call(storeOwnerPhotoRow, { pet_id: input.pet_id, photo }));
  },
});

export const setPetPhoto = defineSteps('pet.set-photo', 'tenant.member', {
  summary: 'Set a patient’s photo (multipart; JPEG, PNG or WebP; any member of the tenant)',
  input: photoUploadSchema.concat(tenantPetInput),
  async run(ctx: ClinicRun, input): Promise<PetView> {
    await tenantPet(ctx, input.tenant_id, input.pet_id);
    return replacePhoto(ctx, input.photo as UploadedFile, (photo) =>
      ctx.call(storeTenantPhotoRow, { tenant_id: input.tenant_id, pet_id: input.pet_id, photo }),
    );
  },
});

export const removePetPhoto = defineSteps('pet.remove-photo', 'tenant.member', {
  summary: 'Remove a patient’s photo (any member of the tenant); no photo is fine',
  input: tenantPetInput,
  async run(ctx: ClinicRun, input): Promise<PetView> {
    await tenantPet(ctx, input.tenant_id, input.pet_id);
    return replacePhoto(ctx, null, (photo) =>
      ctx.call(storeTenantPhotoRow, { tenant_id: input.tenant_id, pet_id: input.pet_id, photo }),
    );
  },
});
