// Pet photos: set (multipart, one part named `photo`) and remove, from the owner portal and the
// clinic side; the signed download behind a pet's photo_url; the public photo of a published tag.
import { Reply } from '../../core/reply.js';
import { publicAccess } from '../../core/routes.js';
import type { Services } from '../../core/services.js';
import { clinicOperationRoute, tenantOperationRoute } from '../operation-route.js';
import { petBody } from '../pets/serialize.js';
import { uploadedFileInput } from '../documents/files.js';
import { PHOTO_FIELD } from './image.js';
import {
  removeOwnerPetPhoto,
  removePetPhoto,
  setOwnerPetPhoto,
  setPetPhoto,
} from './operations/set-photo.js';
import { downloadPetPhoto, showTagPhoto, type PhotoFile } from './operations/show-photo.js';
import { ownerPhotoParams, photoUploadSchema, tenantPhotoParams } from './schemas.js';

const multipart = {
  fileField: PHOTO_FIELD,
  maxFileBytes: (services: Services) => services.config.clinic.petPhotoMaxBytes,
};
const UPLOAD =
  'multipart/form-data with one file part named photo: JPEG, PNG or WebP, recognised by its content ' +
  '(not its name or claimed type), at most PET_PHOTO_MAX_BYTES (default 10 MB); anything else is a 422 ' +
  'on photo. Kept as a JPEG fitted inside 1024×1024, upright, with no metadata (no EXIF location). ' +
  'Replaces the previous photo.';
const JPEG = {
  description: 'the photo (JPEG)',
  contentType: 'image/jpeg',
  schema: { type: 'string', format: 'binary' },
};

const sendPhoto = (file: PhotoFile, cacheControl: string) =>
  Reply.stream(200, file.stream, 'image/jpeg', {
    'Content-Length': String(file.size),
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
    // Only pages of this service show it (the tag page is same-origin).
    'Cross-Origin-Resource-Policy': 'same-origin',
  });

export const petPhotoRoutes = [
  clinicOperationRoute(setOwnerPetPhoto, {
    method: 'PUT',
    path: '/api/v1/owner/me/pets/:pet/photo',
    description: `${UPLOAD} Primary owner only.`,
    tags: ['owner pets'],
    params: ownerPhotoParams,
    multipart,
    body: photoUploadSchema,
    responses: petBody(200, 'the pet, with its new photo_url'),
    errors: { 404: 'Not the caller’s pet (caregivers cannot change the photo)' },
    toInput: ({ params, body }) => ({ photo: uploadedFileInput(body.photo), pet_id: params.pet }),
    reply: (pet) => ({ data: pet }),
  }),
  clinicOperationRoute(removeOwnerPetPhoto, {
    method: 'DELETE',
    path: '/api/v1/owner/me/pets/:pet/photo',
    description: 'Primary owner only; a pet without a photo is fine.',
    tags: ['owner pets'],
    responses: petBody(200, 'the pet, photo_url null'),
    errors: { 404: 'Not the caller’s pet' },
    pathFields: { pet: 'pet_id' },
    reply: (pet) => ({ data: pet }),
  }),
  tenantOperationRoute(setPetPhoto, {
    method: 'PUT',
    path: '/api/v1/tenant/:tenant/pets/:pet/photo',
    description: `${UPLOAD} Any member of the tenant (as for updating the patient).`,
    tags: ['pets'],
    params: tenantPhotoParams,
    multipart,
    body: photoUploadSchema,
    responses: petBody(200, 'the pet, with its new photo_url'),
    errors: { 404: 'No such pet in this tenant' },
    toInput: ({ principal, params, body }) => ({
      photo: uploadedFileInput(body.photo),
      tenant_id: principal.tenant.id,
      pet_id: params.pet,
    }),
    reply: (pet) => ({ data: pet }),
  }),
  tenantOperationRoute(removePetPhoto, {
    method: 'DELETE',
    path: '/api/v1/tenant/:tenant/pets/:pet/photo',
    description: 'Any member of the tenant; a pet without a photo is fine.',
    tags: ['pets'],
    responses: petBody(200, 'the pet, photo_url null'),
    errors: { 404: 'No such pet in this tenant' },
    pathFields: { pet: 'pet_id' },
    reply: (pet) => ({ data: pet }),
  }),
  clinicOperationRoute(downloadPetPhoto, {
    method: 'GET',
    path: '/api/v1/pets/:pet/photo',
    description:
      'The pet resource’s photo_url: v (the photo’s version), expires (unix seconds) and signature ' +
      '(HMAC-SHA256). A bad signature is 403 INVALID_SIGNATURE, a past expiry 403 LINK_EXPIRED; a photo ' +
      'replaced or removed since is 404. The bytes at one URL never change (cacheable for its validity).',
    tags: ['pets'],
    access: publicAccess,
    responses: { 200: JPEG },
    errors: { 403: 'Invalid or expired link', 404: 'No such pet, or the photo has changed' },
    pathFields: { pet: 'pet_id' },
    reply: (file) => sendPhoto(file, 'private, max-age=3600'),
  }),
  clinicOperationRoute(showTagPhoto, {
    method: 'GET',
    path: '/p/:slug/photo',
    summary: 'The photo on a published lost-pet tag (public, outside /api/v1; what the tag page shows)',
    tags: ['public profile'],
    access: publicAccess,
    responses: { 200: JPEG },
    errors: { 404: 'Unknown or disabled tag, or the pet has no photo' },
    pathFields: { slug: 'slug' },
    // Short: switching the tag off should stop the photo being served from caches soon.
    reply: (file) => sendPhoto(file, 'public, max-age=300'),
  }),
];
