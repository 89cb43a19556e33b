// Request schemas of the pet photo endpoints. The upload is multipart/form-data with one file part
// named `photo`; its leading bytes are checked here (a 422 naming the field), the full decode by
// sharp happens in the operation, before anything is written.
import type { UploadedFile } from '../../core/routes.js';
import { idParam, yup } from '../../core/validation.js';
import { tenantParams } from '../tenants/schemas.js';
import { PHOTO_FIELD, sniffPhoto } from './image.js';

export const photoUploadSchema = yup.object({
  [PHOTO_FIELD]: yup
    .mixed<UploadedFile>()
    .required()
    .test('photo-type', `The ${PHOTO_FIELD} field must be a JPEG, PNG or WebP image.`, (file) =>
      file ? sniffPhoto(file.data) !== null : true,
    )
    .meta({
      format: 'binary',
      description: 'JPEG, PNG or WebP (by content); at most PET_PHOTO_MAX_BYTES (default 10 MB)',
    }),
});

export const ownerPhotoParams = yup.object({ pet: idParam().meta({ description: 'pet id' }) });
export const tenantPhotoParams = tenantParams.shape({ pet: idParam().meta({ description: 'pet id' }) });

/** The signed link's parts; checked by the operation (403), not here: a bad link is not a form error. */
export const photoLinkQuery = yup.object({
  v: yup.string().max(32),
  expires: yup.string().max(20),
  signature: yup.string().max(128),
});

/** Any text: an unknown slug is a 404. */
export const tagPhotoParams = yup.object({ slug: yup.string().required() });
export const tagPhotoQuery = yup.object({ v: yup.string().max(32) });
