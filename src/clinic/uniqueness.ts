// "Unique" rules (slug, emails, one membership per user…) answered as a 422 naming the field, also
// when two requests race: `assertUnique` is the friendly check before any work, and
// `onUniqueViolation` catches the race the unique index decides, running the same checks again to
// name the field. Inside an operation's transaction the work runs in a savepoint, so the failed
// work's own rows are gone when the checks run, and the checks read with a lock, which sees the
// winner's committed row (a plain read would still see the transaction's older snapshot on MySQL).
import type { Knex } from 'knex';
import { ValidationError, type FieldErrors } from '../core/errors.js';
import { isUniqueViolation } from '../db/errors.js';
import { lockForUpdate } from '../db/knex.js';

export interface UniqueCheck {
  field: string;
  table: string;
  /** The row that would collide; a check with an undefined or null value is skipped. */
  where: Record<string, string | number | null | undefined>;
  message?: string;
}

export async function takenFields(
  db: Knex,
  checks: UniqueCheck[],
  opts: { locking?: boolean } = {},
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const c of checks) {
    if (Object.values(c.where).some((v) => v === null || v === undefined)) continue;
    const query = db(c.table).where(c.where).first(db.raw('1 as hit'));
    const row = await (opts.locking ? lockForUpdate(query, db) : query);
    if (row) (errors[c.field] ??= []).push(c.message ?? `The ${c.field} has already been taken.`);
  }
  return errors;
}

export async function assertUnique(
  db: Knex,
  checks: UniqueCheck[],
  opts: { locking?: boolean } = {},
): Promise<void> {
  const errors = await takenFields(db, checks, opts);
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/**
 * Runs `work` (on a savepoint of `db` when `db` is a transaction); if a concurrent insert won a
 * unique index, answers the 422 the checks give.
 */
export async function onUniqueViolation<T>(
  db: Knex,
  checks: UniqueCheck[],
  work: (db: Knex) => Promise<T>,
): Promise<T> {
  try {
    return (db as { isTransaction?: boolean }).isTransaction
      ? await db.transaction((savepoint) => work(savepoint))
      : await work(db);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await assertUnique(db, checks, { locking: true });
    throw err; // an index the checks do not cover: a bug, reported as one (500)
  }
}
