// What the pet passport shows, read fresh on every request: identification, the owner and their
// clinic, the vaccination history (oldest first) and the pet's photo. Owners and every active
// caregiver may read it.
import { readFile } from 'node:fs/promises';
import { defineRead } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import type { ClinicRun } from '../../context.js';
import { ownedPet } from '../../ownership.js';
import { storedFilePath } from '../../documents/files.js';

export interface PassportData {
  pet: Record<string, any>;
  owner: { name: string; email: string; phone: string | null };
  tenant: { name: string; phone: string | null; address: string | null };
  vaccinations: Record<string, any>[];
  /** The stored JPEG (see pet-photos/image.ts) and its pixel size; null without a photo. */
  photo: { data: Buffer; width: number; height: number } | null;
  generatedAt: Date;
}

export const passportData = defineRead('passport.show', 'authenticated', {
  summary: 'The pet passport (identification, owner, vaccination history) as a PDF, never cached',
  input: yup.object({ pet_id: idNumber().required() }),
  async run(ctx: ClinicRun, input): Promise<PassportData> {
    const { db } = ctx;
    const { pet, ownerUserId } = await ctx.owns(ownedPet(input.pet_id, 'view'));
    const owner = await db('clinic_users').where('id', ownerUserId).first('name', 'email', 'phone');
    const tenant = await db('tenants').where('id', pet.tenant_id).first('name', 'phone', 'address');
    const vaccinations = await db('pet_vaccinations')
      .where('pet_id', pet.id)
      .orderBy([
        { column: 'administered_at', order: 'asc' },
        { column: 'id', order: 'asc' },
      ]);
    return {
      pet,
      owner,
      tenant,
      vaccinations,
      photo: await photoOf(ctx, pet),
      generatedAt: ctx.services.clock.now(),
    };
  },
});

/** The pet's stored photo; a file gone missing prints no photo rather than no passport. */
async function photoOf(ctx: ClinicRun, pet: Record<string, any>): Promise<PassportData['photo']> {
  if (!pet.photo_storage_name || !pet.photo_width || !pet.photo_height) return null;
  const path = storedFilePath(ctx.services.config.clinic.storageDir, 'pet-photos', pet.photo_storage_name);
  const data = await readFile(path).catch(() => null);
  return data && { data, width: Number(pet.photo_width), height: Number(pet.photo_height) };
}
