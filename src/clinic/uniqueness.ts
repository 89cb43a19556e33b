// "Unique" rules (slug, emails, one membership per user…) answered as a 422 naming the field, also
// when two requests race: `assertUnique` is the friendly check before any work, and
// `onUniqueViolation` catches the race the unique index decides, running the same checks again
// (outside the failed transaction, so the winner's row is visible) to name the field.
import type { Knex } from 'knex';
import { ValidationError, type FieldErrors } from '../core/errors.js';
import { isUniqueViolation } from '../db/errors.js';

export interface UniqueCheck {
  field: string;
  table: string;
  /** The row that would collide; a check with an undefined or null value is skipped. */
  where: Record<string, string | number | null | undefined>;
  message?: string;
}

export async function takenFields(db: Knex, checks: UniqueCheck[]): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const c of checks) {
    if (Object.values(c.where).some((v) => v === null || v === undefined)) continue;
    const row = await db(c.table).where(c.where).first(db.raw('1 as hit'));
    if (row) (errors[c.field] ??= []).push(c.message ?? `The ${c.field} has already been taken.`);
  }
  return errors;
}

export async function assertUnique(db: Knex, checks: UniqueCheck[]): Promise<void> {
  const errors = await takenFields(db, checks);
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

/** Runs `work`; if a concurrent insert won a unique index, answers the 422 the checks give. */
export async function onUniqueViolation<T>(
  db: Knex,
  checks: UniqueCheck[],
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await assertUnique(db, checks);
    throw err; // an index the checks do not cover: a bug, reported as one (500)
  }
}
