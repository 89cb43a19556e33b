// The few statements every authenticated request runs (the token lookups, GET /me's user row):
// knex builds and compiles a query on every call, and that was the largest share of knex in the
// GET /me profile (docs/benchmarks.md). Here the SQL text is compiled once per dialect and run with
// each call's own bindings through db.raw. Only the text is kept, never a result: the rows are read
// fresh on every request, so a revoked token or a disabled user counts at once.
import type { Knex } from 'knex';
import { dialectOf } from '../../db/knex.js';

/**
 * `build(db, ...bindings)` must bind exactly its arguments, in order (no `first()`, whose LIMIT is
 * a binding of its own); when the compiled statement shows otherwise, the builder runs every time.
 */
export function hotStatement<A extends Array<string | number>>(
  build: (db: Knex, ...bindings: A) => Knex.QueryBuilder,
): (db: Knex, ...bindings: A) => Promise<any[]> {
  const texts = new Map<string, string | null>();
  return async (db, ...bindings) => {
    const dialect = dialectOf(db);
    let sql = texts.get(dialect);
    if (sql === undefined) {
      const compiled = build(db, ...bindings).toSQL();
      const same =
        compiled.bindings.length === bindings.length && compiled.bindings.every((b, i) => b === bindings[i]);
      sql = same ? compiled.sql : null;
      texts.set(dialect, sql);
    }
    if (sql === null) return build(db, ...bindings);
    const result = await db.raw(sql, bindings);
    return dialect === 'mysql' ? result[0] : result;
  };
}
