// What a pet document may be, and where its bytes live. A file is accepted when its extension is
// allowed, the content type the client claims fits that extension (or is the generic
// application/octet-stream many clients send), and its first bytes are that format's signature,
// so a renamed executable is refused. On disk a file has a random name under
// STORAGE_DIR/pet-documents; the client's name is kept only in the database.
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { randomToken } from '../../core/crypto.js';
import type { UploadedFile } from '../../core/routes.js';

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024; // "10 MB" read as 10 MiB

interface FileType {
  mime: string;
  claimed: string[];
  magic: (b: Buffer) => boolean;
}

const starts = (b: Buffer, bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);
const ascii = (b: Buffer, text: string, at = 0) =>
  b.subarray(at, at + text.length).toString('latin1') === text;
const pdf: FileType = {
  mime: 'application/pdf',
  claimed: ['application/x-pdf'],
  magic: (b) => ascii(b, '%PDF-'),
};
const jpeg: FileType = {
  mime: 'image/jpeg',
  claimed: ['image/pjpeg'],
  magic: (b) => starts(b, [0xff, 0xd8, 0xff]),
};
const HEIF_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'];

export const FILE_TYPES: Record<string, FileType> = {
  pdf,
  jpg: jpeg,
  jpeg,
  png: {
    mime: 'image/png',
    claimed: [],
    magic: (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  heic: {
    mime: 'image/heic',
    claimed: ['image/heif', 'image/heic-sequence', 'image/heif-sequence'],
    magic: (b) => ascii(b, 'ftyp', 4) && HEIF_BRANDS.includes(b.subarray(8, 12).toString('latin1')),
  },
  webp: { mime: 'image/webp', claimed: [], magic: (b) => ascii(b, 'RIFF') && ascii(b, 'WEBP', 8) },
  doc: {
    mime: 'application/msword',
    claimed: [],
    magic: (b) => starts(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    claimed: ['application/zip'],
    magic: (b) => starts(b, [0x50, 0x4b, 0x03, 0x04]),
  },
};

const GENERIC_TYPES = ['', 'application/octet-stream'];

/**
 * An upload as an operation's input. The bytes ride along as a non-enumerable property: the runner
 * checks its input for hostile keys by walking every enumerable property, and walking the 10 MB of
 * a Buffer index by index takes the better part of a minute.
 */
export function uploadedFileInput(file: UploadedFile): UploadedFile {
  const out = { filename: file.filename, contentType: file.contentType, size: file.size } as UploadedFile;
  Object.defineProperty(out, 'data', { value: file.data, enumerable: false });
  return out;
}

export function extensionOf(filename: string): string {
  return extname(filename).slice(1).toLowerCase();
}

/** Why the file cannot be a pet document, or null when it can. */
export function fileProblem(file: { filename: string; contentType: string; data: Buffer }): string | null {
  const ext = extensionOf(file.filename);
  const type = FILE_TYPES[ext];
  const allowed = Object.keys(FILE_TYPES).join(', ');
  if (!type) return `The file must be a file of type: ${allowed}.`;
  const claimed = file.contentType.split(';')[0].trim().toLowerCase();
  if (!GENERIC_TYPES.includes(claimed) && claimed !== type.mime && !type.claimed.includes(claimed)) {
    return `The file's content type ${claimed} does not match its .${ext} extension.`;
  }
  if (!type.magic(file.data)) return `The file's content is not a valid .${ext} file.`;
  return null;
}

/** Stored files live in one folder per kind ("area") under STORAGE_DIR. */
export type StorageArea = 'pet-documents' | 'pet-photos';

export function storedFilePath(storageDir: string, area: StorageArea, storageName: string): string {
  return join(resolve(storageDir, area), storageName);
}

/** Writes the bytes under a fresh random name in `area`; returns that name. */
export async function storeFile(
  storageDir: string,
  area: StorageArea,
  ext: string,
  data: Buffer,
): Promise<string> {
  await mkdir(resolve(storageDir, area), { recursive: true });
  const name = `${randomToken(40)}.${ext}`;
  await writeFile(storedFilePath(storageDir, area, name), data, { flag: 'wx', mode: 0o600 });
  return name;
}

/** Removes a stored file; one that is already gone is fine. */
export async function removeStoredFile(
  storageDir: string,
  area: StorageArea,
  storageName: string,
): Promise<void> {
  try {
    await unlink(storedFilePath(storageDir, area, storageName));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

export function documentPath(storageDir: string, storageName: string): string {
  return storedFilePath(storageDir, 'pet-documents', storageName);
}

export function storeDocumentFile(storageDir: string, ext: string, data: Buffer): Promise<string> {
  return storeFile(storageDir, 'pet-documents', ext, data);
}

export function removeDocumentFile(storageDir: string, storageName: string): Promise<void> {
  return removeStoredFile(storageDir, 'pet-documents', storageName);
}
