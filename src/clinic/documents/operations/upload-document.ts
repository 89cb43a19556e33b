// document.upload: a pet document from the owner portal (primary owner or full-access caregiver).
// The bytes are written under a random name first, then the row in one transaction (the step
// document.store-row); if that transaction fails the file is removed, so no row ever points at a
// missing file and no orphan file outlives a failed upload.
import type { UploadedFile } from '../../../core/routes.js';
import { defineSteps, defineWrite } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { ownedPet } from '../../ownership.js';
import { callerId } from '../../pets/access.js';
import { extensionOf, FILE_TYPES, removeDocumentFile, storeDocumentFile } from '../files.js';
import { uploadDocumentSchema } from '../schemas.js';

/**
 * A step of document.upload, run only through ctx.call (not in the catalogue, no face): the row of a
 * file already stored, with its audit entry, in one transaction.
 */
export const storeDocumentRow = defineWrite('document.store-row', 'authenticated', {
  summary: 'Keep the row of a stored document file (a step of document.upload)',
  input: uploadDocumentSchema.omit(['file']).shape({
    pet_id: idNumber().required(),
    filename: yup.string().required(),
    size_bytes: yup.number().integer().min(0).required(),
    storage_name: yup.string().required(),
  }),
  async run(ctx: ClinicRun, input): Promise<Record<string, any>> {
    const { db } = ctx;
    const userId = callerId(ctx);
    const { pet } = await ctx.owns(ownedPet(input.pet_id, 'full'));
    const ext = extensionOf(input.filename);
    const now = toDbTime(ctx.services.clock.now());
    const [id] = await db('pet_documents').insert({
      pet_id: pet.id,
      uploaded_by_user_id: userId,
      category: input.category,
      title: input.title ?? null,
      document_date: input.document_date ?? null,
      notes: input.notes ?? null,
      original_name: input.filename.slice(0, 255),
      extension: ext,
      mime_type: FILE_TYPES[ext].mime,
      size_bytes: input.size_bytes,
      storage_name: input.storage_name,
      created_at: now,
      updated_at: now,
    });
    ctx.audit({
      action: 'document.uploaded',
      subjectType: 'pet_document',
      subjectId: Number(id),
      scopeId: Number(pet.tenant_id),
      details: { pet_id: pet.id, category: input.category, size_bytes: input.size_bytes },
    });
    return db('pet_documents').where('id', id).first();
  },
});

export const uploadDocument = defineSteps('document.upload', 'authenticated', {
  summary: 'Upload a document (multipart/form-data; primary owner or full-access caregiver)',
  input: uploadDocumentSchema.shape({ pet_id: idNumber().required() }),
  // On the pool: the file is written before the step's transaction and removed if it fails.
  async run(ctx: ClinicRun, input): Promise<Record<string, any>> {
    const { storageDir } = ctx.services.config.clinic;
    await ctx.owns(ownedPet(input.pet_id, 'full'));
    const file = input.file as UploadedFile;
    const ext = extensionOf(file.filename);
    const storageName = await storeDocumentFile(storageDir, ext, file.data);
    try {
      return await ctx.call(storeDocumentRow, {
        pet_id: input.pet_id,
        category: input.category,
        title: input.title,
        document_date: input.document_date,
        notes: input.notes,
        filename: file.filename,
        size_bytes: file.size,
        storage_name: storageName,
      });
    } catch (err) {
      await removeDocumentFile(storageDir, storageName).catch(() => {});
      throw err;
    }
  },
});
