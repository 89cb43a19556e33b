// Upload a pet document (primary owner or full-access caregiver). The bytes are written under a
// random name first, then the row in one transaction; if the transaction fails the file is removed,
// so no row ever points at a missing file and no orphan file outlives a failed upload.
import type { UploadedFile } from '../../../core/routes.js';
import { inTransaction } from '../../../db/transaction.js';
import { toDbTime } from '../../../db/time.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';
import { petForCaller } from '../../pets/access.js';
import { extensionOf, FILE_TYPES, removeDocumentFile, storeDocumentFile } from '../files.js';
import type { UploadDocumentInput } from '../schemas.js';

export async function uploadDocument(
  ctx: ClinicContext,
  input: UploadDocumentInput & { file: UploadedFile; petId: number; userId: number },
): Promise<Record<string, any>> {
  const { db, clock, config } = ctx.services;
  const { pet } = await petForCaller(db, input.userId, input.petId, 'full');
  const ext = extensionOf(input.file.filename);
  const storageName = await storeDocumentFile(config.clinic.storageDir, ext, input.file.data);
  try {
    return await inTransaction(db, async (trx) => {
      const now = toDbTime(clock.now());
      const [id] = await trx('pet_documents').insert({
        pet_id: pet.id,
        uploaded_by_user_id: input.userId,
        category: input.category,
        title: input.title ?? null,
        document_date: input.document_date ?? null,
        notes: input.notes ?? null,
        original_name: input.file.filename.slice(0, 255),
        extension: ext,
        mime_type: FILE_TYPES[ext].mime,
        size_bytes: input.file.size,
        storage_name: storageName,
        created_at: now,
        updated_at: now,
      });
      await recordAudit(trx, ctx, {
        tenantId: Number(pet.tenant_id),
        action: 'document.uploaded',
        subjectType: 'pet_document',
        subjectId: Number(id),
        details: { pet_id: pet.id, category: input.category, size_bytes: input.file.size },
      });
      return trx('pet_documents').where('id', id).first();
    });
  } catch (err) {
    await removeDocumentFile(config.clinic.storageDir, storageName).catch(() => {});
    throw err;
  }
}
