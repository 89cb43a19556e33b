// Captures the SQL a request runs (knex `query` events on the daemon's own pool) and judges the
// plan of each SELECT: MySQL `EXPLAIN`, SQLite `EXPLAIN QUERY PLAN`. A plan fails when a large table
// is read in full (MySQL type ALL; SQLite `SCAN t` without an index, unless that scan is the rowid
// walk of the ORDER BY) or sorted after reading (MySQL `Using filesort` / `Using temporary` on a
// large table; SQLite `USE TEMP B-TREE FOR ORDER BY` whose outer loop is a large table).
import type { Knex } from 'knex';

export interface CapturedQuery {
  sql: string;
  bindings: unknown[];
}

/** Runs `fn`, returning the SELECTs knex sent meanwhile (requests in these tests run one at a time). */
export async function captureQueries<T>(
  db: Knex,
  fn: () => Promise<T>,
): Promise<{ result: T; queries: CapturedQuery[] }> {
  const queries: CapturedQuery[] = [];
  const listener = (q: { sql: string; bindings?: unknown[] }) => {
    if (/^\s*(select|with)\b/i.test(q.sql)) queries.push({ sql: q.sql, bindings: q.bindings ?? [] });
  };
  db.on('query', listener);
  try {
    const result = await fn();
    return { result, queries };
  } finally {
    db.off('query', listener);
  }
}

/** alias → table, read from the SQL knex writes (`from \`t\` as \`a\``, `join "t"`, …). */
export function aliases(sql: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /\b(?:from|join)\s+[`"](\w+)[`"](?:\s+as\s+[`"](\w+)[`"])?/gi;
  for (const m of sql.matchAll(re)) out.set(m[2] ?? m[1], m[1]);
  return out;
}

export interface PlanVerdict {
  sql: string;
  plan: string[];
  problems: string[];
}

export async function judge(
  db: Knex,
  dialect: 'sqlite' | 'mysql',
  query: CapturedQuery,
  large: Set<string>,
): Promise<PlanVerdict> {
  const names = aliases(query.sql);
  const tableOf = (alias: string) => names.get(alias) ?? alias;
  const isLarge = (alias: string) => large.has(tableOf(alias));
  const problems: string[] = [];
  const plan: string[] = [];
  if (dialect === 'mysql') {
    const [rows] = await db.raw(`EXPLAIN ${query.sql}`, query.bindings as any);
    for (const r of rows as Array<Record<string, any>>) {
      const extra = String(r.Extra ?? '');
      plan.push(`${r.select_type} ${r.table} type=${r.type} key=${r.key} rows=${r.rows} ${extra}`);
      if (!r.table || !isLarge(String(r.table))) continue;
      if (r.type === 'ALL') problems.push(`full scan of ${tableOf(r.table)}`);
      if (/Using filesort/.test(extra)) problems.push(`filesort on ${tableOf(r.table)}`);
      if (/Using temporary/.test(extra)) problems.push(`temporary table on ${tableOf(r.table)}`);
    }
  } else {
    const rows = (await db.raw(`EXPLAIN QUERY PLAN ${query.sql}`, query.bindings as any)) as Array<{
      id: number;
      parent: number;
      detail: string;
    }>;
    const sortsByRowid = orderedByRowid(query.sql);
    const temp = rows.some((r) => /USE TEMP B-TREE FOR ORDER BY/.test(r.detail));
    for (const r of rows) {
      plan.push(`${r.parent}/${r.id} ${r.detail}`);
      const scan = /^SCAN (?:TABLE )?(\w+)(?: AS (\w+))?(.*)$/.exec(r.detail);
      if (scan) {
        const alias = scan[2] ?? scan[1];
        const viaIndex = /USING (COVERING )?INDEX/.test(scan[3]);
        if (isLarge(alias) && !viaIndex && !(sortsByRowid.has(alias) && !temp)) {
          problems.push(`full scan of ${tableOf(alias)}`);
        }
      }
      if (/USE TEMP B-TREE FOR ORDER BY/.test(r.detail)) {
        // The sort belongs to the outermost loop of its SELECT: the first SCAN/SEARCH beside it.
        // A one-row lookup by primary key (rowid=?) is not the loop whose rows are sorted.
        const loop = rows.find(
          (x) => x.parent === r.parent && /^(SCAN|SEARCH) /.test(x.detail) && !/\(rowid=\?\)$/.test(x.detail),
        );
        const m = loop && /^(?:SCAN|SEARCH) (?:TABLE )?(\w+)(?: AS (\w+))?/.exec(loop.detail);
        const alias = m ? (m[2] ?? m[1]) : '';
        if (m && isLarge(alias)) problems.push(`sort of ${tableOf(alias)} after reading (temp b-tree)`);
      }
    }
  }
  return { sql: query.sql, plan, problems };
}

/** Aliases whose rowid (`id`) leads the outer ORDER BY: a SQLite SCAN of them walks that order. */
function orderedByRowid(sql: string): Set<string> {
  const out = new Set<string>();
  const m = /order by\s+(?:[`"](\w+)[`"]\.)?[`"]id[`"]\s*(asc|desc)?\s*(?:,|limit|$)/i.exec(sql);
  if (m) {
    if (m[1]) out.add(m[1]);
    else for (const alias of aliases(sql).keys()) out.add(alias);
  }
  return out;
}
