// The Idempotency-Key around a write route's handler (rules in src/core/idempotency.ts): a first
// request runs and its answer is stored (a 4xx included: the same request would get the same
// refusal); a failure that is ours (5xx, a crash, a lost database node) leaves nothing, so a retry
// runs afresh; a repeat gets the stored answer back, marked Idempotent-Replayed.
import type { IncomingHttpHeaders } from 'node:http';
import { AppError, ValidationError } from '../core/errors.js';
import {
  abandonIdempotent,
  beginIdempotent,
  completeIdempotent,
  IdempotencyTicket,
  IdempotentReplay,
  type StoredResponse,
} from '../core/idempotency.js';
import type { Route, RouteInput } from '../core/routes.js';
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

/**
 * A route that is the face of one write operation: the key is reserved and the answer stored inside
 * the operation's transaction (fromOperation passes the ticket to runOperation).
 */
export async function inOperationTransaction(
  services: Services,
  route: Route,
  input: RouteInput<any, any, any, any>,
  scope: string,
  key: string,
  fingerprint: string,
): Promise<unknown> {
  const { clock, config, db } = services;
  const ticket = new IdempotencyTicket(clock, scope, key, fingerprint, config.workforce.idempotencyTtlHours);
  try {
    return await route.handler({ ...input, idempotency: ticket });
  } catch (err) {
    if (err instanceof IdempotentReplay) return replayed(err.response);
    if (ticket.reserved && err instanceof AppError && err.status < 500) {
      await ticket.storeRefusal(db, { status: err.status, body: errorBody(err) }).catch(() => {});
    }
    throw err;
  }
}

/** A stored answer sent again, marked so the client can tell. */
function replayed(response: StoredResponse): Reply {
  return Reply.json(response.status, response.body, { 'Idempotent-Replayed': 'true' });
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
