// A pet document as the owner sees it, with a freshly signed download link.
import { isoOrNull } from '../../db/time.js';

export function serializeDocument(row: Record<string, any>, downloadUrl: string) {
  return {
    id: Number(row.id),
    pet_id: Number(row.pet_id),
    category: row.category,
    title: row.title ?? null,
    document_date: row.document_date ? String(row.document_date).slice(0, 10) : null,
    notes: row.notes ?? null,
    file: { name: row.original_name, mime_type: row.mime_type, size_bytes: Number(row.size_bytes) },
    uploaded_by_user_id: Number(row.uploaded_by_user_id),
    download_url: downloadUrl,
    created_at: isoOrNull(row.created_at),
    updated_at: isoOrNull(row.updated_at),
  };
}

const nullableStr = { type: 'string', nullable: true };

export const DOCUMENT_JSON = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    pet_id: { type: 'integer' },
    category: {
      type: 'string',
      enum: ['receipt', 'lab_report', 'xray', 'insurance', 'prescription', 'passport', 'other'],
    },
    title: nullableStr,
    document_date: { type: 'string', format: 'date', nullable: true },
    notes: nullableStr,
    file: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        mime_type: { type: 'string' },
        size_bytes: { type: 'integer' },
      },
    },
    uploaded_by_user_id: { type: 'integer' },
    download_url: { type: 'string', description: 'signed; valid for 5 minutes; no bearer token needed' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};
