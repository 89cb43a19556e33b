// Idempotency-Key: the first request with a key runs and its response is stored; a repeat with
// the same key, caller and body inside the window gets the stored response back; a repeat with a
// different body is refused (422); a repeat while the first still runs is refused (409).
//
// A route that is the face of one write operation keeps its key INSIDE the operation's transaction
// (`IdempotencyTicket`): the key is reserved by the transaction's first statement and the response
// stored by its last, so the key commits with the operation or not at all. A process that dies, or
// a database node lost in a failover, mid-request leaves nothing behind: the client's retry with
// the same key runs afresh if the first attempt did not commit and gets the stored answer if it
// did. A repeat sent while the first still runs waits for it (the key's unique index row is
// locked) and then gets its answer.
//
// Routes whose work talks to the outside world between its writes (the partner push, the payment
// gateway: no one transaction) keep the key in its own rows around the work (`beginIdempotent`):
// there a process that dies mid-request leaves its key `running`, and nobody can tell from the key
// alone whether the work took effect. So such a key is never taken over (that could run a payment
// twice): once it has been running longer than RUNNING_LEASE_MS the answer changes from "still
// processing, retry later" to 409 IDEMPOTENCY_KEY_ABANDONED, "check the resource, then retry with a
// new key", instead of leaving the client to retry a key that will never finish.
import type { Knex } from 'knex';
import type { Clock } from './clock.js';
import { HOUR, MINUTE } from './clock.js';
import { sha256Hex } from './crypto.js';
import { ConflictError, ValidationError } from './errors.js';
import { isUniqueViolation } from '../db/errors.js';
import { lockForUpdate } from '../db/knex.js';
import { Reply } from './reply.js';

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
    return { kind: 'replay', response: judgeExisting(row, fingerprint, now) };
  }
  throw inProgress();
}

/** A repeat of a request whose answer is stored: thrown out of the transaction, which rolls back. */
export class IdempotentReplay extends Error {
  constructor(readonly response: StoredResponse) {
    super('idempotent replay');
  }
}

/** One request's Idempotency-Key, reserved and completed inside the operation's transaction. */
export class IdempotencyTicket {
  /** Set once the key is reserved: a later failure is the operation's own. */
  reserved = false;
  private id: number | null = null;

  constructor(
    private readonly clock: Clock,
    readonly scope: string,
    readonly key: string,
    readonly fingerprint: string,
    private readonly ttlHours: number,
  ) {}

  /** The transaction's first statement: the key is ours, or the stored answer is thrown as a replay. */
  async reserve(trx: Knex): Promise<void> {
    const now = this.clock.now().getTime();
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const [id] = await trx('idempotency_keys').insert(this.row(now));
        this.id = Number(id);
        this.reserved = true;
        return;
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
      // The key's row exists (committed: a running first request holds its index entry, so the
      // insert above waited for it). A locking read sees the latest committed version.
      const row = await lockForUpdate(
        trx('idempotency_keys').where({ scope: this.scope, key: this.key }),
        trx,
      ).first();
      if (!row) continue;
      if (Number(row.expires_at) <= now) {
        await trx('idempotency_keys').where({ id: row.id }).delete();
        continue;
      }
      throw new IdempotentReplay(judgeExisting(row, this.fingerprint, now));
    }
    throw inProgress();
  }

  /** The transaction's last statement: the answer a repeat of this request gets. */
  async complete(trx: Knex, response: StoredResponse): Promise<void> {
    if (this.id !== null) await completeIdempotent(trx, this.id, response);
  }

  /**
   * A refusal (4xx) after the key was reserved: the transaction rolled back, and the same request
   * would get the same refusal, so it is stored on its own, as the answer to repeats.
   */
  async storeRefusal(db: Knex, response: StoredResponse): Promise<void> {
    const now = this.clock.now().getTime();
    await db('idempotency_keys')
      .insert({
        ...this.row(now),
        state: 'done',
        response_status: response.status,
        response_body: response.body === undefined ? null : JSON.stringify(response.body),
      })
      .catch((err) => {
        if (!isUniqueViolation(err)) throw err; // a retry already ran and stored its own answer
      });
  }

  private row(now: number) {
    return {
      scope: this.scope,
      key: this.key,
      fingerprint: this.fingerprint,
      state: 'running',
      created_at: now,
      expires_at: now + this.ttlHours * HOUR,
    };
  }
}

/** An existing, unexpired key: its stored answer, or why the request cannot go on. */
function judgeExisting(
  row: {
    fingerprint: string;
    state: string;
    created_at: number;
    response_status: number;
    response_body: string | null;
  },
  fingerprint: string,
  now: number,
): StoredResponse {
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
  if (row.state === 'running') throw inProgress();
  return {
    status: Number(row.response_status),
    body: row.response_body ? JSON.parse(row.response_body) : null,
  };
}

const inProgress = () =>
  new ConflictError(
    'A request with this Idempotency-Key is still being processed.',
    'IDEMPOTENCY_IN_PROGRESS',
  );

/** What a repeat of the request gets: a Reply's status and body, or 200 with the result. */
export function storedResponse(answer: unknown): StoredResponse {
  return answer instanceof Reply
    ? { status: answer.status, body: answer.body }
    : { status: 200, body: answer };
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
