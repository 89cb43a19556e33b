// Page pagination as the clinic contract has it: `{data, links, meta}`, page sizes from its Limits
// table (not chosen by the caller). Links are relative to the listener and keep the other query
// parameters, so a filtered list pages through the same filter.
import type { TSchema } from '@sinclair/typebox';
import type { Knex } from 'knex';
import { Int, List, Nullable, Obj, Str, type Shape } from '../core/shape.js';
import { yup } from '../core/validation.js';
import { orderedUnion, type Branch, type OrderTerm } from '../db/ordered-union.js';

export const PAGE_SIZES = {
  clients: 50,
  pets: 20,
  appointments: 20,
  invoices: 20,
  ownerOrders: 30,
  // Lists the contract does not size: the clients list's 50.
  members: 50,
  tenants: 50,
  ownerClients: 50,
} as const;

export const pageField = () => yup.number().integer().min(1).max(1_000_000).default(1);
export const pageQuery = yup.object({ page: pageField() });

export interface Page<T> {
  items: T[];
  page: number;
  perPage: number;
  total: number;
}

/** Runs `query` for one page; it must carry its own stable ORDER BY. */
export async function fetchPage<T>(
  query: Knex.QueryBuilder,
  page: number,
  perPage: number,
): Promise<Page<T>> {
  const counted = await query.clone().clearSelect().clearOrder().count({ n: '*' }).first();
  const total = Number((counted as { n?: number | string } | undefined)?.n ?? 0);
  const items = total > (page - 1) * perPage ? await query.limit(perPage).offset((page - 1) * perPage) : [];
  return { items: items as T[], page, perPage, total };
}

/**
 * A page read in two steps (a deferred join): the ids of the page from the list's own table alone,
 * through the index that serves its filter and order, then the rows of those ids with the joins a
 * response needs. Asked for the joined rows directly, the planners may drive the join from another
 * table (MariaDB scanned every client to list a clinic's appointments) and a deep page reads and
 * drops every row before it; the id-only query walks the index and drops index entries only.
 *
 * A page in the second half of the list is read from the other end: the same index walked
 * backwards, in the reversed order, skipping the rows after the page rather than before it, and
 * turned round. The order ends with the unique id, so the reversed order is exactly the list read
 * backwards and the page holds the same rows in the same order; the last page costs what the first
 * does, and no page skips more than half the list.
 *
 * A scope of several index ranges (an owner's clients, pets) is several branches, merged in order
 * (src/db/ordered-union.ts). Each branch selects from one table with the `order` columns by name.
 *
 * The total is COUNT(*) over the branches, unless the caller knows it exactly already (`known`: a
 * tenant list without filters, from the tenant's counters, src/clinic/counters.ts): a function
 * that reads it, called instead of the count.
 */
export async function fetchKeyedPage<T>(
  db: Knex,
  branches: Branch[],
  order: OrderTerm[],
  page: number,
  perPage: number,
  rows: (ids: number[]) => Knex.QueryBuilder | Promise<T[]>,
  known?: () => Promise<number>,
): Promise<Page<T>> {
  if (!branches.length) return { items: [], page, perPage, total: 0 };
  const total = known ? await known() : await countBranches(db, branches);
  const offset = (page - 1) * perPage;
  if (total <= offset) return { items: [], page, perPage, total };
  const window = pageWindow(total, offset, perPage);
  const read = window.fromEnd ? branches.map(reversedBranch) : branches;
  const readOrder = window.fromEnd ? reversed(order) : order;
  const keys =
    read.length === 1
      ? read[0].query
          .clone()
          .orderBy(read[0].order ?? readOrder)
          .limit(window.limit)
          .offset(window.offset)
      : orderedUnion(db, read, readOrder, window.limit, window.offset);
  const keyRows: Array<{ id: number | string }> = await keys;
  const ids = keyRows.map((r) => Number(r.id));
  if (window.fromEnd) ids.reverse();
  if (!ids.length) return { items: [], page, perPage, total };
  const found = (await rows(ids)) as Array<{ id: number | string }>;
  const position = new Map(ids.map((id, i) => [id, i]));
  found.sort((a, b) => position.get(Number(a.id))! - position.get(Number(b.id))!);
  return { items: found as T[], page, perPage, total };
}

/** COUNT(*) of the rows the branches select (their union: a row in two branches counts once). */
async function countBranches(db: Knex, branches: Branch[]): Promise<number> {
  const counted =
    branches.length === 1
      ? await branches[0].query.clone().clearSelect().clearOrder().count({ n: '*' }).first()
      : await db
          .count({ n: '*' })
          .from(
            branches
              .map((b) => db.select('id').from(b.query.clone().clearOrder().as('b')))
              .reduce((u, next) => u.union(next))
              .as('scope'),
          )
          .first();
  return Number((counted as { n?: number | string } | undefined)?.n ?? 0);
}

/**
 * Where the page's rows are, read from whichever end skips fewer: from the start, `offset` rows
 * skipped; from the end (in the reversed order), the rows after the page skipped, and only the rows
 * the page really holds taken (the last page may be short).
 */
export function pageWindow(
  total: number,
  offset: number,
  perPage: number,
): { fromEnd: boolean; offset: number; limit: number } {
  const limit = Math.min(perPage, Math.max(0, total - offset));
  const fromEndOffset = Math.max(0, total - offset - perPage);
  return fromEndOffset < offset
    ? { fromEnd: true, offset: fromEndOffset, limit }
    : { fromEnd: false, offset, limit: perPage };
}

const reversed = (order: OrderTerm[]): OrderTerm[] =>
  order.map((t) => ({ column: t.column, order: t.order === 'asc' ? 'desc' : 'asc' }));

const reversedBranch = (branch: Branch): Branch =>
  branch.order ? { ...branch, order: reversed(branch.order) } : branch;

/** The links of a page: relative to the listener, keeping the list's other query parameters. */
export const PageLinks = Obj({ first: Str(), last: Str(), prev: Nullable(Str()), next: Nullable(Str()) });

export const PageMeta = Obj({
  current_page: Int({ minimum: 1 }),
  from: Nullable(Int({ minimum: 1 })),
  to: Nullable(Int({ minimum: 1 })),
  last_page: Int({ minimum: 1 }),
  per_page: Int({ minimum: 1 }),
  total: Int({ minimum: 0 }),
  path: Str(),
});

/** A page of `item`: the contract's `{data, links, meta}`. */
export const PageOf = <S extends TSchema>(item: S) =>
  Obj({ data: List(item), links: PageLinks, meta: PageMeta });

export interface PageBody<R> {
  data: R[];
  links: Shape<typeof PageLinks>;
  meta: Shape<typeof PageMeta>;
}

/** A page of items as the operation serialized them, with its links on `path` and `query`. */
export function pageBody<T>(page: Page<T>, path: string, query: Record<string, unknown>): PageBody<T> {
  const lastPage = Math.max(1, Math.ceil(page.total / page.perPage));
  const link = (n: number) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query))
      if (k !== 'page' && v !== undefined && v !== null) params.set(k, String(v));
    params.set('page', String(n));
    return `${path}?${params.toString()}`;
  };
  const from = page.items.length ? (page.page - 1) * page.perPage + 1 : null;
  return {
    data: page.items,
    links: {
      first: link(1),
      last: link(lastPage),
      prev: page.page > 1 ? link(Math.min(page.page - 1, lastPage)) : null,
      next: page.page < lastPage ? link(page.page + 1) : null,
    },
    meta: {
      current_page: page.page,
      from,
      to: from === null ? null : from + page.items.length - 1,
      last_page: lastPage,
      per_page: page.perPage,
      total: page.total,
      path,
    },
  };
}

/** The reply of a route that answers one page: its body, linked on the request's path and query. */
export const pageReply = <T>(
  page: Page<T>,
  { request, query }: { request: { path: string }; query: Record<string, unknown> },
): PageBody<T> => pageBody(page, request.path, query);
