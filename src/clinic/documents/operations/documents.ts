// Reading, deleting and downloading pet documents (owner portal). Owners and every active caregiver
// read (document.list, document.get); the primary owner and full-access caregivers delete
// (document.delete); a download (document.download) is authorised by its signed link alone.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { NotFoundError } from '../../../core/errors.js';
import { defineRead, defineSteps, defineWrite } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import { lockForUpdate } from '../../../db/knex.js';
import type { ClinicRun } from '../../context.js';
import { ownedPet } from '../../ownership.js';
import { fetchPage, type Page } from '../../pagination.js';
import { documentPath, removeDocumentFile } from '../files.js';
import { documentListQuery, downloadQuery } from '../schemas.js';
import { verifyDownload } from '../signing.js';

// The contract does not size this list: the clinic's default for unsized lists.
export const DOCUMENTS_PER_PAGE = 50;

const documentInput = yup.object({ pet_id: idNumber().required(), document_id: idNumber().required() });

export const listDocuments = defineRead('document.list', 'authenticated', {
  summary: 'The pet’s documents, newest first, 50 per page, each with a signed download_url (5 minutes)',
  input: documentListQuery.shape({ pet_id: idNumber().required() }),
  async run(ctx: ClinicRun, input): Promise<Page<Record<string, any>>> {
    const { pet } = await ctx.owns(ownedPet(input.pet_id, 'view'));
    const q = ctx.db('pet_documents').where('pet_id', pet.id).orderBy('id', 'desc');
    if (input.category) q.where('category', input.category);
    return fetchPage(q, input.page, DOCUMENTS_PER_PAGE);
  },
});

export const getDocument = defineRead('document.get', 'authenticated', {
  summary: 'One document with a signed download_url',
  input: documentInput,
  async run(ctx: ClinicRun, input): Promise<Record<string, any>> {
    const { pet } = await ctx.owns(ownedPet(input.pet_id, 'view'));
    const row = await ctx.db('pet_documents').where({ id: input.document_id, pet_id: pet.id }).first();
    if (!row) throw new NotFoundError('Document not found.');
    return row;
  },
});

/**
 * A step of document.delete, run only through ctx.call (not in the catalogue, no face): the row and
 * its audit entry, in one transaction; the storage name of the file it pointed at.
 */
export const removeDocumentRow = defineWrite('document.remove-row', 'authenticated', {
  summary: 'Delete a document’s row (a step of document.delete)',
  input: documentInput,
  async run(ctx: ClinicRun, input): Promise<string> {
    const { db } = ctx;
    const { pet } = await ctx.owns(ownedPet(input.pet_id, 'full'));
    const row = await lockForUpdate(
      db('pet_documents').where({ id: input.document_id, pet_id: pet.id }),
      db,
    ).first();
    if (!row) throw new NotFoundError('Document not found.');
    await db('pet_documents').where('id', row.id).delete();
    ctx.audit({
      action: 'document.deleted',
      subjectType: 'pet_document',
      subjectId: Number(row.id),
      scopeId: Number(pet.tenant_id),
      details: { pet_id: pet.id, category: row.category },
    });
    return String(row.storage_name);
  },
});

export const deleteDocument = defineSteps('document.delete', 'authenticated', {
  summary: 'Delete a document: the row and the file (primary owner or full-access caregiver)',
  input: documentInput,
  // On the pool: the row goes in the step's transaction, the file only after its commit (a
  // rolled-back delete keeps its file).
  async run(ctx: ClinicRun, input): Promise<void> {
    const { config, logger } = ctx.services;
    await ctx.owns(ownedPet(input.pet_id, 'full'));
    const storageName = await ctx.call(removeDocumentRow, input);
    await removeDocumentFile(config.clinic.storageDir, storageName).catch((err) =>
      // The row is gone, so the file is unreachable; log it for the operator rather than fail the call.
      logger.error('document file not removed', { error: err as Error, document_id: input.document_id }),
    );
  },
});

export interface DocumentDownload {
  stream: Readable;
  mimeType: string;
  filename: string;
  size: number;
}

/** A signed download: the signature first (403), then the document in that pet (404). */
export const downloadDocument = defineRead('document.download', 'public', {
  summary: 'Download the file through its signed link (no bearer token)',
  input: downloadQuery.concat(documentInput),
  // The signed link is the authorisation, checked first.
  async run(ctx: ClinicRun, input): Promise<DocumentDownload> {
    await verifyDownload(ctx.services, {
      petId: input.pet_id,
      documentId: input.document_id,
      expires: input.expires,
      signature: input.signature,
    });
    const row = await ctx.db('pet_documents').where({ id: input.document_id, pet_id: input.pet_id }).first();
    if (!row) throw new NotFoundError('Document not found.');
    const path = documentPath(ctx.services.config.clinic.storageDir, String(row.storage_name));
    const info = await stat(path).catch(() => null);
    if (!info) throw new NotFoundError('Document file not found.');
    return {
      stream: createReadStream(path),
      mimeType: row.mime_type,
      filename: row.original_name,
      size: info.size,
    };
  },
});
