// Writing responses: JSON, text, streams and the error body `{message, errors, code?}`.
import type { ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { AppError, ServiceUnavailableError } from '../core/errors.js';
import { isDatabaseUnavailable, isPoolExhausted } from '../db/errors.js';
import { Reply } from '../core/reply.js';
import type { Logger } from '../core/logger.js';
import { Dict, List, Obj, Optional, Str, type Shape } from '../core/shape.js';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers?: Record<string, string>,
) {
  if (res.headersSent) return;
  const text = body === undefined ? '' : JSON.stringify(body);
  res.statusCode = status;
  // Most answers carry no extra header: no entries array is made for them (a per-request allocation).
  if (headers) for (const k in headers) res.setHeader(k, headers[k]);
  if (status !== 204) {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(text));
    res.end(text);
  } else {
    res.end();
  }
}

export async function sendReply(res: ServerResponse, result: unknown, logger: Logger): Promise<void> {
  if (!(result instanceof Reply)) return sendJson(res, 200, result);
  if (result.stream) {
    res.statusCode = result.status;
    res.setHeader('Content-Type', result.contentType ?? 'application/octet-stream');
    for (const [k, v] of Object.entries(result.headers)) res.setHeader(k, v);
    try {
      await pipeline(result.stream, res);
    } catch (err) {
      // Headers are gone: the only honest signal left is to cut the connection.
      logger.error('stream failed', { error: err as Error });
      res.destroy(err as Error);
    }
    return;
  }
  if (result.contentType) {
    res.statusCode = result.status;
    for (const [k, v] of Object.entries(result.headers)) res.setHeader(k, v);
    res.setHeader('Content-Type', result.contentType);
    res.end(String(result.body ?? ''));
    return;
  }
  sendJson(res, result.status, result.body, result.headers);
}

/** Every error answer: what went wrong, each field's messages, and a stable code where a client branches. */
export const ErrorBody = Obj(
  {
    message: Str(),
    errors: Dict(List(Str()), { description: 'field → messages; {} when no field is at fault' }),
    code: Optional(Str({ description: 'stable code where a client must branch on it' })),
  },
  // An error may carry what the client needs to act on it (lock_id of the covering lock, …).
  { additionalProperties: true },
);
export type ErrorBody = Shape<typeof ErrorBody> & { [extra: string]: unknown };

export function errorBody(err: AppError): ErrorBody {
  return {
    message: err.message,
    errors: err.errors,
    ...(err.code ? { code: err.code } : {}),
    ...(err.details ?? {}),
  };
}

/** Anything that is not an AppError is a bug: a 500 without internals, details to the log. */
export function sendError(res: ServerResponse, err: unknown, logger: Logger): void {
  if (err instanceof AppError) {
    if (err.status >= 500) logger.error('operation failed', { error: err });
    sendJson(res, err.status, errorBody(err), err.headers);
    return;
  }
  if (isPoolExhausted(err)) {
    // Not "the database is unavailable": it answers, and an operator chasing that would look at the
    // wrong server. Every connection is busy with other requests (DB_POOL_MAX, the load).
    logger.warn('every database connection is busy', { error: err as Error });
    const busy = new ServiceUnavailableError(
      'The server is busy: every database connection is in use; retry shortly.',
      'SERVER_BUSY',
      1,
    );
    sendJson(res, 503, errorBody(busy), busy.headers);
    return;
  }
  if (isDatabaseUnavailable(err)) {
    logger.warn('database unavailable', { error: err as Error });
    const unavailable = new ServiceUnavailableError(
      'The database is unavailable; retry shortly.',
      'DATABASE_UNAVAILABLE',
    );
    sendJson(res, 503, errorBody(unavailable), unavailable.headers);
    return;
  }
  logger.error('unhandled error', { error: err as Error });
  const internal: ErrorBody = { message: 'Internal server error.', errors: {}, code: 'INTERNAL' };
  sendJson(res, 500, internal);
}
