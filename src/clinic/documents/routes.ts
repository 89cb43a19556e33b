// Pet documents: multipart upload, list and detail with signed download links, the signed
// download itself (no bearer token) and deletion.
import type { UploadedFile } from '../../core/routes.js';
import { Reply } from '../../core/reply.js';
import { defineRoute, publicAccess } from '../../core/routes.js';
import { httpContext } from '../context.js';
import { clinicUserAccess } from '../identity/access.js';
import { pageBody, pageSchema } from '../pagination.js';
import { deleteDocument, getDocument, listDocuments, openDocumentDownload } from './operations/documents.js';
import { uploadDocument } from './operations/upload-document.js';
import { MAX_DOCUMENT_BYTES } from './files.js';
import {
  documentListQuery,
  documentParams,
  downloadQuery,
  petParams,
  uploadDocumentSchema,
  type UploadDocumentInput,
} from './schemas.js';
import { DOCUMENT_JSON, serializeDocument } from './serialize.js';
import { signedDownloadUrl } from './signing.js';
import type { Services } from '../../core/services.js';

const one = { type: 'object', properties: { data: DOCUMENT_JSON } };
const PET_404 = 'The pet or document does not exist, or is not visible to the caller';

async function withUrl(services: Services, row: Record<string, any>) {
  return serializeDocument(row, await signedDownloadUrl(services, Number(row.pet_id), Number(row.id)));
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export const documentRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/owner/me/pets/:pet/documents',
    summary: 'The pet’s documents, newest first, 50 per page, each with a signed download_url (5 minutes)',
    tags: ['documents'],
    access: clinicUserAccess,
    permission: null,
    params: petParams,
    query: documentListQuery,
    responses: { 200: { description: 'documents', schema: pageSchema(DOCUMENT_JSON) } },
    errors: { 404: PET_404 },
    handler: async ({ services, principal, params, query, request }) => {
      const page = await listDocuments(httpContext(services, principal.userId), {
        userId: principal.userId,
        petId: params.pet,
        category: query.category,
        page: query.page,
      });
      const items = await Promise.all(page.items.map((row) => withUrl(services, row)));
      return pageBody({ ...page, items }, request.path, query, (x) => x);
    },
  }),
  defineRoute<any, UploadDocumentInput & { file: UploadedFile }>({
    method: 'POST',
    path: '/api/v1/owner/me/pets/:pet/documents',
    summary: 'Upload a document (multipart/form-data; primary owner or full-access caregiver)',
    description:
      'file: pdf, jpg, jpeg, png, heic, webp, doc or docx, at most 10 MB (10 485 760 bytes); the extension, ' +
      'the claimed content type (or application/octet-stream) and the file’s leading bytes must agree. ' +
      'category (default other), title ≤ 180, document_date YYYY-MM-DD, notes ≤ 2000.',
    tags: ['documents'],
    access: clinicUserAccess,
    permission: null,
    params: petParams,
    multipart: { maxFileBytes: MAX_DOCUMENT_BYTES },
    body: uploadDocumentSchema,
    responses: { 201: { description: 'the document', schema: one } },
    errors: { 404: 'The pet does not exist, or the caller is neither its owner nor a full-access caregiver' },
    handler: async ({ services, principal, params, body }) => {
      const row = await uploadDocument(httpContext(services, principal.userId), {
        ...body,
        petId: params.pet,
        userId: principal.userId,
      });
      return Reply.json(201, { data: await withUrl(services, row) });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/owner/me/pets/:pet/documents/:document',
    summary: 'One document with a signed download_url',
    tags: ['documents'],
    access: clinicUserAccess,
    permission: null,
    params: documentParams,
    responses: { 200: { description: 'the document', schema: one } },
    errors: { 404: PET_404 },
    handler: async ({ services, principal, params }) => {
      const row = await getDocument(httpContext(services, principal.userId), {
        userId: principal.userId,
        petId: params.pet,
        documentId: params.document,
      });
      return { data: await withUrl(services, row) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/owner/me/pets/:pet/documents/:document/download',
    summary: 'Download the file through its signed link (no bearer token)',
    description:
      'expires (unix seconds) and signature (HMAC-SHA256 over pet, document and expiry) come from download_url. ' +
      'A bad or missing signature is 403 INVALID_SIGNATURE, a past expiry 403 LINK_EXPIRED; a valid link to a ' +
      'deleted document is 404.',
    tags: ['documents'],
    access: publicAccess,
    permission: null,
    params: documentParams,
    query: downloadQuery,
    responses: {
      200: {
        description: 'the file, with its content type and Content-Disposition: attachment',
        contentType: 'application/octet-stream',
        schema: { type: 'string', format: 'binary' },
      },
    },
    errors: { 403: 'Invalid or expired link', 404: 'The document no longer exists' },
    handler: async ({ services, params, query }) => {
      const file = await openDocumentDownload(httpContext(services, null), {
        petId: params.pet,
        documentId: params.document,
        expires: query.expires,
        signature: query.signature,
      });
      return Reply.stream(200, file.stream, file.mimeType, {
        'Content-Length': String(file.size),
        'Content-Disposition': contentDisposition(file.filename),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/v1/owner/me/pets/:pet/documents/:document',
    summary: 'Delete a document: the row and the file (primary owner or full-access caregiver)',
    tags: ['documents'],
    access: clinicUserAccess,
    permission: null,
    params: documentParams,
    responses: { 204: { description: 'deleted' } },
    errors: { 404: PET_404 },
    handler: async ({ services, principal, params }) => {
      await deleteDocument(httpContext(services, principal.userId), {
        userId: principal.userId,
        petId: params.pet,
        documentId: params.document,
      });
      return Reply.noContent();
    },
  }),
];
