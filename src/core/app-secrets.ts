// Secrets the application makes for itself (there is no APP_KEY variable): created once with
// crypto.randomBytes on first use and kept in `app_secrets`, so every daemon on the database signs
// and verifies alike. Two daemons racing on the first use both insert; the unique name lets one
// win and the other reads the winner's value.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Clock } from './clock.js';
import { isUniqueViolation } from '../db/errors.js';
import { toDbTime } from '../db/time.js';

// A secret never changes once made, so it is cached per database handle.
const cache = new WeakMap<Knex, Map<string, Buffer>>();

/**
 * The secret named `name` (32 random bytes unless `bytes` says otherwise). Call it with the
 * database handle, not inside an open transaction: a key made inside a transaction that later
 * rolls back would be cached but never stored.
 */
export async function appSecret(db: Knex, clock: Clock, name: string, bytes = 32): Promise<Buffer> {
  let known = cache.get(db);
  if (!known) cache.set(db, (known = new Map()));
  const cached = known.get(name);
  if (cached) return cached;

  let row = await db('app_secrets').where({ name }).first('value');
  if (!row) {
    try {
      await db('app_secrets').insert({
        name,
        value: randomBytes(bytes).toString('hex'),
        created_at: toDbTime(clock.now()),
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err; // another daemon made it first: use theirs
    }
    row = await db('app_secrets').where({ name }).first('value');
  }
  const secret = Buffer.from(String(row.value), 'hex');
  known.set(name, secret);
  return secret;
}
