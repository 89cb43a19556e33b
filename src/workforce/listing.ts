// Cursor (keyset) pagination for the workforce lists: `data` + `meta.next_cursor` + `meta.limit`.
// The cursor holds the last row's sort key, so page 1,000 costs what page 1 costs.
import type { TSchema } from '@sinclair/typebox';
import type { Knex } from 'knex';
import { decodeCursor, encodeCursor, type CursorValue } from '../core/cursor.js';
import { Int, List, Nullable, Obj, Str, type Shape } from '../core/shape.js';
import { yup } from '../core/validation.js';
import type { WorkforceRun } from './context.js';
import { organizationName, organizationRef } from './refs.js';

export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 500;

export const listQueryFields = {
  limit: yup.number().integer().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
  cursor: yup.string().max(1024),
};

/** A page of a list the caller reads across organizations, `organization` keeping one (the CLI's --org). */
export const organizationListFields = {
  organization: organizationName('only this organization: code (ACME) or id'),
  ...listQueryFields,
};
export const organizationListQuery = yup.object(organizationListFields);

export interface SortKey {
  /** Column as written in SQL (may be table-qualified). */
  column: string;
  /** Property of the selected row holding the value. */
  field: string;
  direction: 'asc' | 'desc';
}

/** The meta of every workforce page (the contract's pagination). */
export const PageMeta = Obj({
  next_cursor: Nullable(Str({ description: 'null on the last page' })),
  limit: Int(),
});

/** A page of `item`: `data` and `meta`. */
export const PageOf = <S extends TSchema>(item: S) => Obj({ data: List(item), meta: PageMeta });

/** Ascending sort keys by column; the row's field is the column's name without its table. */
export const ascending = (...columns: string[]): SortKey[] =>
  columns.map((column) => ({ column, field: column.slice(column.lastIndexOf('.') + 1), direction: 'asc' }));

export interface Page<T> {
  data: T[];
  meta: Shape<typeof PageMeta>;
}

export async function keysetPage<T>(
  qb: Knex.QueryBuilder,
  opts: { keys: SortKey[]; limit: number; cursor?: string },
  map: (row: any) => T,
): Promise<Page<T>> {
  const { keys, limit } = opts;
  if (opts.cursor) {
    const after = decodeCursor(opts.cursor, keys.length);
    qb.where((outer) => {
      keys.forEach((_k, i) => {
        outer.orWhere((inner) => {
          for (let j = 0; j < i; j++) inner.where(keys[j].column, after[j] as any);
          inner.where(keys[i].column, keys[i].direction === 'asc' ? '>' : '<', after[i] as any);
        });
      });
    });
  }
  for (const k of keys) qb.orderBy(k.column, k.direction);
  const rows = await qb.limit(limit + 1);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  const next = more ? encodeCursor(keys.map((k) => normalise(last[k.field]))) : null;
  return { data: page.map(map), meta: { next_cursor: next, limit } };
}

function normalise(v: unknown): CursorValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'string') return v;
  return String(v);
}

/**
 * A list's rows of one organization (`organization`, a code or id, once the caller may read it), or
 * of every organization the caller reads. `column` holds the rows' organization id.
 */
export async function ofReadableOrganizations(
  ctx: WorkforceRun,
  q: Knex.QueryBuilder,
  column: string,
  organization: string | undefined,
): Promise<void> {
  if (organization !== undefined) {
    const org = await organizationRef(ctx.db, organization);
    await ctx.authorize(org.id, 'Organization');
    q.where(column, org.id);
  } else {
    const scopes = await ctx.scopes();
    if (scopes !== null) q.whereIn(column, scopes);
  }
}
