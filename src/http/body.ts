// JSON request bodies with a size limit: 413 past the limit, 400 for malformed JSON, never a 500.
import type { IncomingMessage } from 'node:http';
import { AppError, BadRequestError, PayloadTooLargeError } from '../core/errors.js';

export async function readJsonBody(req: IncomingMessage, limitBytes: number): Promise<unknown> {
  return (await readJsonBodyWithRaw(req, limitBytes)).json;
}

/** The parsed body and the exact bytes it was parsed from (for signatures computed over the bytes). */
export async function readJsonBodyWithRaw(
  req: IncomingMessage,
  limitBytes: number,
): Promise<{ json: unknown; raw: Buffer }> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limitBytes) {
    req.resume(); // drain so the connection can still carry the 413
    throw new PayloadTooLargeError(limitBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes)
      tooLarge = true; // keep reading (and dropping) so the client sees the 413
    else chunks.push(chunk);
  }
  if (tooLarge) throw new PayloadTooLargeError(limitBytes);
  const raw = Buffer.concat(chunks);
  if (size === 0) return { json: undefined, raw };
  const type = String(req.headers['content-type'] ?? 'application/json');
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new AppError(415, 'Request bodies must be JSON (Content-Type: application/json).', {
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  }
  const text = raw.toString('utf8');
  try {
    return { json: JSON.parse(text), raw };
  } catch (err) {
    // V8's message can quote the body ("Unexpected token 'h', "{"password": hunter2}" is not valid
    // JSON"): a password would be echoed back and into any log of the answer. Only the position goes.
    const at = /at position (\d+)/.exec((err as Error).message)?.[1];
    throw new BadRequestError(`Malformed JSON body${at === undefined ? '' : ` at character ${at}`}.`, {
      body: ['The request body is not valid JSON.'],
    });
  }
}
