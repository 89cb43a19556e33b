// multipart/form-data bodies for routes that opt in with `multipart: {maxFileBytes}`. Parsing is
// Node's own (the global Request's formData(), no dependency); this file only feeds it the request
// stream while counting bytes, so a body past the limit is a 413 without being held in memory.
// Fields come back as strings and files as UploadedFile, in one object the route's yup schema
// validates whole (so a missing file and a bad field are reported together).
import type { IncomingMessage } from 'node:http';
import { AppError, BadRequestError, PayloadTooLargeError } from '../core/errors.js';
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

export async function readMultipartBody(
  req: IncomingMessage,
  maxFileBytes: number,
): Promise<{ json: Record<string, unknown>; raw: undefined }> {
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
    req.resume(); // drain so the connection can still carry the 413
    throw new PayloadTooLargeError(limit);
  }

  let size = 0;
  let tooLarge = false;
  const ended = new Promise<void>((resolve) => req.once('end', resolve).once('error', () => resolve()));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (tooLarge) return; // keep reading (and dropping) so the client sees the 413
        if (size > limit) {
          tooLarge = true;
          controller.error(new PayloadTooLargeError(limit));
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
      throw new PayloadTooLargeError(limit);
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
      if (value.size > maxFileBytes) {
        throw new AppError(413, `The ${name} file must not be larger than ${maxFileBytes} bytes.`, {
          code: 'PAYLOAD_TOO_LARGE',
          errors: { [name]: [`The ${name} file must not be larger than ${maxFileBytes} bytes.`] },
        });
      }
      json[name] = new MemoryFile(value.name, value.type, Buffer.from(await value.arrayBuffer()));
    }
  }
  return { json, raw: undefined };
}
