// Reading, deleting and downloading pet documents. Owners and every active caregiver read; the
// primary owner and full-access caregivers delete; a download is authorised by its signed link.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { NotFoundError } from '../../../core/errors.js';
import { lockForUpdate } from '../../../db/knex.js';
import { inTransaction } from '../../../db/transaction.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';
import { fetchPage, type Page } from '../../pagination.js';
import { petForCaller } from '../../pets/access.js';
import { documentPath, removeDocumentFile } from '../files.js';
import { verifyDownload } from '../signing.js';

// The contract does not size this list: the clinic's default for unsized lists.
export const DOCUMENTS_PER_PAGE = 50;

export async function listDocuments(
  ctx: ClinicContext,
  input: { userId: number; petId: number; category?: string; page: number },
): Promise<Page<Record<string, any>>> {
  const { db } = ctx.services;
  const { pet } = await petForCaller(db, input.userId, input.petId, 'view');
  const q = db('pet_documents').where('pet_id', pet.id).orderBy('id', 'desc');
  if (input.category) q.where('category', input.category);
  return fetchPage(q, input.page, DOCUMENTS_PER_PAGE);
}

export async function getDocument(
  ctx: ClinicContext,
  input: { userId: number; petId: number; documentId: number },
): Promise<Record<string, any>> {
  const { db } = ctx.services;
  const { pet } = await petForCaller(db, input.userId, input.petId, 'view');
  const row = await db('pet_documents').where({ id: input.documentId, pet_id: pet.id }).first();
  if (!row) throw new NotFoundError('Document not found.');
  return row;
}

/** Deletes the row, then the file (after the commit: a rolled-back delete keeps its file). */
export async function deleteDocument(
  ctx: ClinicContext,
  input: { userId: number; petId: number; documentId: number },
): Promise<void> {
  const { db, config, logger } = ctx.services;
  const { pet } = await petForCaller(db, input.userId, input.petId, 'full');
  const storageName = await inTransaction(db, async (trx) => {
    const row = await lockForUpdate(
      trx('pet_documents').where({ id: input.documentId, pet_id: pet.id }),
      db,
    ).first();
    if (!row) throw new NotFoundError('Document not found.');
    await trx('pet_documents').where('id', row.id).delete();
    await recordAudit(trx, ctx, {
      tenantId: Number(pet.tenant_id),
      action: 'document.deleted',
      subjectType: 'pet_document',
      subjectId: Number(row.id),
      details: { pet_id: pet.id, category: row.category },
    });
    return String(row.storage_name);
  });
  await removeDocumentFile(config.clinic.storageDir, storageName).catch((err) =>
    // The row is gone, so the file is unreachable; log it for the operator rather than fail the call.
    logger.error('document file not removed', { error: err as Error, document_id: input.documentId }),
  );
}

export interface DocumentDownload {
  stream: Readable;
  mimeType: string;
  filename: string;
  size: number;
}

/** A signed download: the signature first (403), then the document in that pet (404). */
export async function openDocumentDownload(
  ctx: ClinicContext,
  input: { petId: number; documentId: number; expires?: string; signature?: string },
): Promise<DocumentDownload> {
  const { db, config } = ctx.services;
  await verifyDownload(ctx.services, input);
  const row = await db('pet_documents').where({ id: input.documentId, pet_id: input.petId }).first();
  if (!row) throw new NotFoundError('Document not found.');
  const path = documentPath(config.clinic.storageDir, String(row.storage_name));
  const info = await stat(path).catch(() => null);
  if (!info) throw new NotFoundError('Document file not found.');
  return {
    stream: createReadStream(path),
    mimeType: row.mime_type,
    filename: row.original_name,
    size: info.size,
  };
}
