// A list whose scope is several index ranges (the organizations of a multi-organization admin, an
// employee's own rows beside them, an owner's few clients) cannot be read in order from one index:
// `col IN (…) ORDER BY …` makes MySQL and SQLite read every matching row and sort them. Instead
// each range is a branch that reads at most `limit` keys in the list's order through its own index,
// and only the union of those (branches × limit rows, never a table) is sorted and cut again.
import type { Knex } from 'knex';

export interface OrderTerm {
  column: string;
  order: 'asc' | 'desc';
}

export interface Branch {
  query: Knex.QueryBuilder;
  /**
   * The branch's own order when it differs in form (not in result) from the list's: a branch on a
   * unique (employee_id, date) index orders by date alone, since MariaDB sorts when asked for
   * (date, id) there although no two rows share a date.
   */
  order?: OrderTerm[];
}

/**
 * The first `limit` (after `offset`) keys of the union of `branches`, in `order`. Each branch
 * selects the key columns (named as `order` names them, unqualified) and is ordered and limited
 * here. UNION (not UNION ALL): a row in two branches (an own row inside a visible organization)
 * is listed once.
 */
export function orderedUnion(
  db: Knex,
  branches: Branch[],
  order: OrderTerm[],
  limit: number,
  offset = 0,
): Knex.QueryBuilder {
  const [first, ...rest] = branches.map((branch, i) =>
    // SQLite allows no ORDER BY or LIMIT on a member of a compound SELECT; a derived table may.
    db.select('*').from(
      branch.query
        .clone()
        .orderBy(branch.order ?? order)
        .limit(limit + offset)
        .as(`branch_${i}`),
    ),
  );
  const merged = rest.length ? first.union(rest) : first;
  const q = db
    .select(order.map((o) => o.column))
    .from(merged.as('merged'))
    .orderBy(order)
    .limit(limit);
  if (offset) q.offset(offset);
  return q;
}
