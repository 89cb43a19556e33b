// Opaque keyset cursors: base64url JSON of the last row's sort key, with an HMAC-free checksum.
// A cursor is not a secret (it only names a position), but a tampered or truncated one must be
// a clean 422, never a 500, so it is checked for shape on decode.
import { ValidationError } from './errors.js';
import { sha256Hex } from './crypto.js';

export type CursorValue = string | number | null;

export function encodeCursor(key: CursorValue[]): string {
  const json = JSON.stringify(key);
  const check = sha256Hex(json).slice(0, 8);
  return Buffer.from(`${check}.${json}`, 'utf8').toString('base64url');
}

/** Decodes a cursor made by encodeCursor; `arity` is the number of key parts expected. */
export function decodeCursor(cursor: string, arity: number, field = 'cursor'): CursorValue[] {
  const invalid = () => ValidationError.field(field, 'The cursor is invalid.');
  if (typeof cursor !== 'string' || cursor.length > 1024 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const dot = text.indexOf('.');
  if (dot !== 8) throw invalid();
  const json = text.slice(dot + 1);
  if (sha256Hex(json).slice(0, 8) !== text.slice(0, 8)) throw invalid();
  let key: unknown;
  try {
    key = JSON.parse(json);
  } catch {
    throw invalid();
  }
  if (
    !Array.isArray(key) ||
    key.length !== arity ||
    !key.every((v) => v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))
  ) {
    throw invalid();
  }
  return key as CursorValue[];
}
