// Pet documents: multipart upload, list and detail with signed download links, the signed
// download itself (no bearer token) and deletion.
import { Reply } from '../../core/reply.js';
import { publicAccess } from '../../core/routes.js';
import type { Services } from '../../core/services.js';
import { Data } from '../../core/shape.js';
import { clinicOperationRoute } from '../operation-route.js';
import { pageBody } from '../pagination.js';
import { FILE_TYPES, MAX_DOCUMENT_BYTES, uploadedFileInput } from './files.js';
import { deleteDocument, downloadDocument, getDocument, listDocuments } from './operations/documents.js';
import { uploadDocument } from './operations/upload-document.js';
import { petParams, uploadDocumentSchema } from './schemas.js';
import { PetDocument, PetDocumentPage, serializeDocument } from './serialize.js';
import { signedDownloadUrl } from './signing.js';

const one = Data(PetDocument);
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
  clinicOperationRoute(listDocuments, {
    method: 'GET',
    path: '/api/v1/owner/me/pets/:pet/documents',
    tags: ['documents'],
    responses: { 200: { description: 'documents', schema: PetDocumentPage } },
    errors: { 404: PET_404 },
    pathFields: { pet: 'pet_id' },
    reply: async (page, { services, request, query }) => {
      const items = await Promise.all(page.items.map((row) => withUrl(services, row)));
      return pageBody({ ...page, items }, request.path, query);
    },
  }),
  clinicOperationRoute(uploadDocument, {
    method: 'POST',
    path: '/api/v1/owner/me/pets/:pet/documents',
    description:
      'file: pdf, jpg, jpeg, png, heic, webp, doc or docx, at most 10 MB (10 485 760 bytes); the extension, ' +
      'the claimed content type (or application/octet-stream) and the file’s leading bytes must agree. ' +
      'category (default other), title ≤ 180, document_date YYYY-MM-DD, notes ≤ 2000.',
    tags: ['documents'],
    params: petParams,
    multipart: { maxFileBytes: MAX_DOCUMENT_BYTES },
    body: uploadDocumentSchema,
    responses: { 201: { description: 'the document', schema: one } },
    errors: { 404: 'The pet does not exist, or the caller is neither its owner nor a full-access caregiver' },
    toInput: ({ params, body }) => ({ ...body, file: uploadedFileInput(body.file), pet_id: params.pet }),
    reply: async (row, { services }) => Reply.json(201, { data: await withUrl(services, row) }),
  }),
  clinicOperationRoute(getDocument, {
    method: 'GET',
    path: '/api/v1/owner/me/pets/:pet/documents/:document',
    tags: ['documents'],
    responses: { 200: { description: 'the document', schema: one } },
    errors: { 404: PET_404 },
    pathFields: { pet: 'pet_id', document: 'document_id' },
    reply: async (row, { services }) => ({ data: await withUrl(services, row) }),
  }),
  clinicOperationRoute(downloadDocument, {
    method: 'GET',
    path: '/api/v1/owner/me/pets/:pet/documents/:document/download',
    description:
      'expires (unix seconds) and signature (HMAC-SHA256 over pet, document and expiry) come from download_url. ' +
      'A bad or missing signature is 403 INVALID_SIGNATURE, a past expiry 403 LINK_EXPIRED; a valid link to a ' +
      'deleted document is 404.',
    tags: ['documents'],
    access: publicAccess,
    responses: {
      200: {
        description: 'the file, with its content type and Content-Disposition: attachment',
        contentTypes: [...new Set(Object.values(FILE_TYPES).map((type) => type.mime))],
        schema: { type: 'string', format: 'binary' },
      },
    },
    errors: { 403: 'Invalid or expired link', 404: 'The document no longer exists' },
    pathFields: { pet: 'pet_id', document: 'document_id' },
    reply: (file) =>
      Reply.stream(200, file.stream, file.mimeType, {
        'Content-Length': String(file.size),
        'Content-Disposition': contentDisposition(file.filename),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      }),
  }),
  clinicOperationRoute(deleteDocument, {
    method: 'DELETE',
    path: '/api/v1/owner/me/pets/:pet/documents/:document',
    tags: ['documents'],
    responses: { 204: { description: 'deleted' } },
    errors: { 404: PET_404 },
    pathFields: { pet: 'pet_id', document: 'document_id' },
    reply: () => Reply.noContent(),
  }),
];
