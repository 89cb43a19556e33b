// multipart/form-data bodies for routes that opt in with `multipart: {maxFileBytes}`. Parsing is
// Node's own (the global Request's formData(), no dependency); this file only feeds it the request
// stream while counting bytes, so a body past the limit is refused without being held in memory.
// A file over the limit is a validation failure of that field (422, as the clinic contract lists
// size limits among its validation rules), also when it is detected from the body's size alone
// (Content-Length or bytes counted while reading): the body is then drained, not parsed, and the
// error names the route's file field.
// Fields come back as strings and files as UploadedFile, in one object the route's yup schema
// validates whole (so a missing file and a bad field are reported together).
import type { IncomingMessage } from 'node:http';
import { AppError, BadRequestError, ValidationError } from '../core/errors.js';
import { sha256Hex } from '../core/crypto.js';
import type { UploadedFile } from '../core/routes.js';

/** Room for the other fields and the part headers beyond the largest file a route accepts. */
export const MULTIPART_OVERHEAD_BYTES = 256 * 1024;

class MemoryFile implements UploadedFile {
  constructor(
    readonly filename: string,
    readonly contentType: string,
    readonly data: Buffer,
  ) {}
  get size(): number {
    return this.data.length;
  }
  /** What idempotency fingerprints and logs see: never the bytes themselves. */
  toJSON() {
    return {
      filename: this.filename,
      contentType: this.contentType,
      size: this.size,
      sha256: sha256Hex(this.data),
    };
  }
}

function fileTooLarge(field: string, maxFileBytes: number): ValidationError {
  const mb = maxFileBytes / (1024 * 1024);
  const readable = Number.isInteger(mb) ? ` (${mb} MB)` : '';
  return ValidationError.field(
    field,
    `The ${field} field must not be larger than ${maxFileBytes} bytes${readable}.`,
  );
}

export async function readMultipartBody(
  req: IncomingMessage,
  opts: { maxFileBytes: number; fileField?: string },
): Promise<{ json: Record<string, unknown>; raw: undefined }> {
  const { maxFileBytes } = opts;
  const fileField = opts.fileField ?? 'file';
  const type = String(req.headers['content-type'] ?? '');
  if (!/^multipart\/form-data\s*;.*boundary=/i.test(type)) {
    req.resume();
    throw new AppError(415, 'This endpoint takes a multipart/form-data body.', {
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  }
  const limit = maxFileBytes + MULTIPART_OVERHEAD_BYTES;
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume(); // drain so the connection can still carry the answer
    throw fileTooLarge(fileField, maxFileBytes);
  }

  let size = 0;
  let tooLarge = false;
  const ended = new Promise<void>((resolve) => req.once('end', resolve).once('error', () => resolve()));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (tooLarge) return; // keep reading (and dropping) so the client sees the answer
        if (size > limit) {
          tooLarge = true;
          controller.error(fileTooLarge(fileField, maxFileBytes));
          req.resume();
          return;
        }
        controller.enqueue(chunk);
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      });
      req.once('end', () => !tooLarge && controller.close());
      req.once('error', (err) => controller.error(err));
      req.pause();
    },
    pull() {
      req.resume();
    },
  });

  let form: FormData;
  try {
    form = await new Request('http://multipart.invalid/', {
      method: 'POST',
      headers: { 'content-type': type },
      body,
      duplex: 'half',
    } as RequestInit).formData();
  } catch {
    if (tooLarge) {
      await ended;
      throw fileTooLarge(fileField, maxFileBytes);
    }
    req.resume();
    throw new BadRequestError('Malformed multipart/form-data body.', {
      body: ['The request body is not valid multipart/form-data.'],
    });
  }

  const json: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    if (name in json) continue; // the first value of a repeated field counts
    if (typeof value === 'string') {
      json[name] = value;
    } else if (value.name !== '' || value.size > 0) {
      // (a browser's empty file input sends a nameless empty part: the same as no file)
      if (value.size > maxFileBytes) throw fileTooLarge(name, maxFileBytes);
      json[name] = new MemoryFile(value.name, value.type, Buffer.from(await value.arrayBuffer()));
    }
  }
  return { json, raw: undefined };
}
