// The published tag behind a slug as someone typed it (the public page and its photo): the enabled
// profile with that slug, lower-cased, joined to its pet (`pp`, `p`). A disabled or unknown tag, or
// text that cannot be a slug, is the same 404: nothing tells them apart.
import type { Knex } from 'knex';
import { NotFoundError } from '../../core/errors.js';

/** A tag's slug is 8 characters (public-profile.enable mints it). */
export const TAG_SLUG_LENGTH = 8;

export async function publishedTag(
  db: Knex,
  typed: string,
  columns: string[],
  joins: (q: Knex.QueryBuilder) => Knex.QueryBuilder = (q) => q,
): Promise<Record<string, any>> {
  const slug = typed.trim().toLowerCase();
  const row =
    slug.length === TAG_SLUG_LENGTH
      ? await joins(
          db('pet_public_profiles as pp')
            .join('pets as p', 'p.id', 'pp.pet_id')
            .where({ 'pp.slug': slug, 'pp.enabled': true }),
        ).first(columns)
      : undefined;
  if (!row) throw new NotFoundError('Tag not found.');
  return row;
}
