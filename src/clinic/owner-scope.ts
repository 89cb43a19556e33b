// What an owner's lists are made of: their Client rows and the pets whose current Client row is
// theirs, read first (a handful of rows, by index) so each list reads its own table per client or
// per pet, in order, through the (client_id, id) or (pet_id, …) index (pagination.ts fetchKeyedPage).
import type { Knex } from 'knex';
import type { Branch } from '../db/ordered-union.js';

/** Past this many clients or pets, one IN branch: sorted after reading, but only the owner's rows. */
const BRANCHES_MAX = 50;

export async function ownerClientIds(db: Knex, userId: number): Promise<number[]> {
  return (await db('clinic_clients').where('owner_user_id', userId).pluck('id')).map(Number);
}

export async function ownerPetIds(db: Knex, userId: number): Promise<number[]> {
  const clients = await ownerClientIds(db, userId);
  if (!clients.length) return [];
  return (await db('pets').whereIn('client_id', clients).pluck('id')).map(Number);
}

/** A branch of `base()` per key of `column`, or one IN branch when they are many. */
export function branchPerKey(keys: number[], column: string, base: () => Knex.QueryBuilder): Branch[] {
  if (keys.length > BRANCHES_MAX) return [{ query: base().whereIn(column, keys) }];
  return keys.map((key) => ({ query: base().where(column, key) }));
}
