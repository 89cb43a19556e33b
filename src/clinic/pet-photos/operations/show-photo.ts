// Reading a pet's photo: through the signed photo_url of the pet resource (no bearer token), or
// publicly through a published tag (/p/{slug}/photo). A disabled tag, an unknown slug, a pet
// without a photo and an outdated version are all 404s; nothing else about the pet is served.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { NotFoundError } from '../../../core/errors.js';
import { defineRead } from '../../../core/operation.js';
import { idNumber } from '../../../core/validation.js';
import type { ClinicRun } from '../../context.js';
import { storedFilePath } from '../../documents/files.js';
import { publishedTag } from '../../public-profile/published-tag.js';
import { photoVersion, verifyPhotoLink } from '../links.js';
import { photoLinkQuery, tagPhotoParams, tagPhotoQuery } from '../schemas.js';

export interface PhotoFile {
  stream: Readable;
  size: number;
}

async function openPhoto(ctx: ClinicRun, storageName: string | null, version?: string): Promise<PhotoFile> {
  if (!storageName) throw new NotFoundError('This pet has no photo.');
  if (version !== undefined && version !== photoVersion(storageName)) {
    throw new NotFoundError('The photo has changed; fetch the pet again for its new link.');
  }
  const path = storedFilePath(ctx.services.config.clinic.storageDir, 'pet-photos', storageName);
  const info = await stat(path).catch(() => null);
  if (!info) throw new NotFoundError('Photo file not found.');
  return { stream: createReadStream(path), size: info.size };
}

export const downloadPetPhoto = defineRead('pet-photo.download', 'public', {
  summary: 'The pet’s photo through the signed photo_url of the pet resource (no bearer token)',
  input: photoLinkQuery.shape({ pet_id: idNumber().required() }),
  // The signed link is the authorisation, checked first.
  async run(ctx: ClinicRun, input): Promise<PhotoFile> {
    await verifyPhotoLink(ctx.services, input.pet_id, input);
    const pet = await ctx.db('pets').where('id', input.pet_id).first('photo_storage_name');
    if (!pet) throw new NotFoundError('Pet not found.');
    return openPhoto(ctx, pet.photo_storage_name ?? null, input.v ?? '');
  },
});

export const showTagPhoto = defineRead('public-tag.photo', 'public', {
  summary: 'The photo of the pet on a published tag (public); disabled or unknown tag, or no photo → 404',
  input: tagPhotoParams.concat(tagPhotoQuery),
  async run(ctx: ClinicRun, input): Promise<PhotoFile> {
    const row = await publishedTag(ctx.db, input.slug, ['p.photo_storage_name']);
    // The version only busts caches: an old one still gets the current photo of a published tag.
    return openPhoto(ctx, row.photo_storage_name ?? null);
  },
});
