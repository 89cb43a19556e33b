// Idempotency-Key: the first request with a key runs and its response is stored; a repeat with
// the same key, caller and body inside the window gets the stored response back; a repeat with a
// different body is refused (422); a repeat while the first still runs is refused (409).
//
// A process that dies mid-request leaves its key `running`, and nobody can tell from the key alone
// whether the operation committed before the crash. So a key is never taken over (that could run
// a payment twice): once it has been running longer than RUNNING_LEASE_MS the answer changes from
// "still processing, retry later" to 409 IDEMPOTENCY_KEY_ABANDONED, "check the resource, then
// retry with a new key", instead of leaving the client to retry a key that will never finish.
import type { Knex } from 'knex';
import type { Clock } from './clock.js';
import { HOUR, MINUTE } from './clock.js';
import { sha256Hex } from './crypto.js';
import { ConflictError, ValidationError } from './errors.js';
import { isUniqueViolation } from '../db/errors.js';

/**
 * Far longer than any request runs (the daemon's graceful shutdown waits seconds, and the longest
 * handlers, the streamed exports, do not take idempotency keys), far shorter than the window: a
 * key still running after this long belongs to a process that stopped.
 */
export const RUNNING_LEASE_MS = 10 * MINUTE;

export interface StoredResponse {
  status: number;
  body: unknown;
}

export type IdempotencyBegin = { kind: 'fresh'; id: number } | { kind: 'replay'; response: StoredResponse };

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return sha256Hex(`${method} ${path}\n${JSON.stringify(body ?? null)}`);
}

export async function beginIdempotent(
  db: Knex,
  clock: Clock,
  scope: string,
  key: string,
  fingerprint: string,
  ttlHours: number,
): Promise<IdempotencyBegin> {
  const now = clock.now().getTime();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const [id] = await db('idempotency_keys').insert({
        scope,
        key,
        fingerprint,
        state: 'running',
        created_at: now,
        expires_at: now + ttlHours * HOUR,
      });
      return { kind: 'fresh', id: Number(id) };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    const row = await db('idempotency_keys').where({ scope, key }).first();
    if (!row) continue;
    if (Number(row.expires_at) <= now) {
      await db('idempotency_keys').where({ id: row.id }).delete();
      continue;
    }
    if (row.fingerprint !== fingerprint) {
      throw new ValidationError(
        { 'Idempotency-Key': ['This Idempotency-Key was already used with a different request body.'] },
        'This Idempotency-Key was already used with a different request body.',
      );
    }
    if (row.state === 'running' && Number(row.created_at) <= now - RUNNING_LEASE_MS) {
      throw new ConflictError(
        'The first request with this Idempotency-Key never finished (its process stopped); whether ' +
          'it took effect is unknown. Check the resource, then retry with a new Idempotency-Key.',
        'IDEMPOTENCY_KEY_ABANDONED',
      );
    }
    if (row.state === 'running') {
      throw new ConflictError(
        'A request with this Idempotency-Key is still being processed.',
        'IDEMPOTENCY_IN_PROGRESS',
      );
    }
    return {
      kind: 'replay',
      response: {
        status: Number(row.response_status),
        body: row.response_body ? JSON.parse(row.response_body) : null,
      },
    };
  }
  throw new ConflictError(
    'A request with this Idempotency-Key is still being processed.',
    'IDEMPOTENCY_IN_PROGRESS',
  );
}

export async function completeIdempotent(db: Knex, id: number, response: StoredResponse): Promise<void> {
  await db('idempotency_keys')
    .where({ id })
    .update({
      state: 'done',
      response_status: response.status,
      response_body: response.body === undefined ? null : JSON.stringify(response.body),
    });
}

/** The first request failed in a way worth retrying (5xx): forget the key so a retry runs again. */
export async function abandonIdempotent(db: Knex, id: number): Promise<void> {
  await db('idempotency_keys').where({ id }).delete();
}

export async function pruneIdempotency(db: Knex, clock: Clock): Promise<number> {
  return db('idempotency_keys').where('expires_at', '<=', clock.now().getTime()).delete();
}
