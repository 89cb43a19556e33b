// A pet document as the owner sees it, with a freshly signed download link.
import { DateOnly, DateTime, Enum, Int, Nullable, Obj, Str, type Shape, fromRow } from '../../core/shape.js';

import { PageOf } from '../pagination.js';
import { MAX_DOCUMENT_BYTES } from './files.js';
import { DOCUMENT_CATEGORIES } from './schemas.js';

export const PetDocument = Obj({
  id: Int(),
  pet_id: Int(),
  category: Enum(DOCUMENT_CATEGORIES),
  title: Nullable(Str()),
  document_date: Nullable(DateOnly()),
  notes: Nullable(Str()),
  file: Obj({ name: Str(), mime_type: Str(), size_bytes: Int({ minimum: 0, maximum: MAX_DOCUMENT_BYTES }) }),
  uploaded_by_user_id: Int(),
  download_url: Str({ description: 'signed; valid for 5 minutes; no bearer token needed' }),
  created_at: DateTime(),
  updated_at: DateTime(),
});
export type DocumentView = Shape<typeof PetDocument>;

export const PetDocumentPage = PageOf(PetDocument);

export function serializeDocument(row: Record<string, any>, downloadUrl: string): DocumentView {
  return fromRow(PetDocument, row, {
    document_date: row.document_date ? String(row.document_date).slice(0, 10) : null,
    file: { name: row.original_name, mime_type: row.mime_type, size_bytes: Number(row.size_bytes) },
    download_url: downloadUrl,
  });
}
