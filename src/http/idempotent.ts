// The Idempotency-Key wrapper around a write route's handler (rules in src/core/idempotency.ts):
// a first request runs and its answer is stored (a 4xx included: the same request would get the
// same refusal); a failure that is ours (5xx, a crash) leaves the key abandoned for a retry; a
// repeat gets the stored answer back.
import type { IncomingHttpHeaders } from 'node:http';
import { AppError, ValidationError } from '../core/errors.js';
import {
  abandonIdempotent,
  beginIdempotent,
  completeIdempotent,
  type StoredResponse,
} from '../core/idempotency.js';
import { Reply } from '../core/reply.js';
import type { Services } from '../core/services.js';
import { errorBody } from './respond.js';

export type Outcome = { replayed: StoredResponse } | { result: unknown };

/** The client's Idempotency-Key, when the route takes one (write routes unless opted out). */
export function idempotencyKey(headers: IncomingHttpHeaders): string | null {
  const key = headers['idempotency-key'];
  if (typeof key !== 'string' || key === '') return null;
  if (key.length > 191) {
    throw ValidationError.field(
      'Idempotency-Key',
      'The Idempotency-Key header must not be longer than 191 characters.',
    );
  }
  return key;
}

export async function idempotently(
  services: Services,
  scope: string,
  key: string,
  fingerprint: string,
  handler: () => Promise<unknown>,
): Promise<Outcome> {
  const { db, clock, config } = services;
  const begun = await beginIdempotent(
    db,
    clock,
    scope,
    key,
    fingerprint,
    config.workforce.idempotencyTtlHours,
  );
  if (begun.kind === 'replay') return { replayed: begun.response };
  let result: unknown;
  try {
    result = await handler();
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      await completeIdempotent(db, begun.id, { status: err.status, body: errorBody(err) }).catch(() => {});
    } else {
      await abandonIdempotent(db, begun.id).catch(() => {});
    }
    throw err;
  }
  const stored =
    result instanceof Reply ? { status: result.status, body: result.body } : { status: 200, body: result };
  await completeIdempotent(db, begun.id, stored);
  return { result };
}
