// Server-side prepared statements for the statements a daemon runs over and over (MySQL only).
//
// knex hands mysql2 the SQL text and its bindings, and mysql2 interpolates them client-side and
// sends a text query that MariaDB parses afresh every time. The punch profile (docs/benchmarks.md,
// issue 24) put that text path (mysql2's `format`, `createQuery`) and the server's parsing between
// wfctl and its minimal program, which runs the same statements with `execute`. Here a statement
// knex runs a second time goes through mysql2's `execute` instead: prepared once per connection
// (mysql2 keeps them in a per-connection LRU), then only the bindings travel, in the binary
// protocol. One-off texts (a bulk insert's batch, an IN list of a new length) stay on the text
// protocol, so they cost no extra prepare round trip and hold no server-side statement.
//
// What the binary protocol would change is made to read as the text protocol did: integers are
// bound as BIGINT (mysql2 binds JS numbers as DOUBLE), and a DATETIME(3) value whose fraction is
// zero comes back as `YYYY-MM-DD HH:MM:SS.000` (the binary row carries no fraction then). Bindings
// that are not strings, integers, booleans or null (a Date, a Buffer, a fraction) keep the text
// protocol, whose literal for them the server may read differently.
import { createRequire } from 'node:module';
import type { Knex } from 'knex';

const require = createRequire(import.meta.url);
const { TypedParameter, Types } = require('mysql2') as {
  TypedParameter: { LONGLONG(value: number): unknown };
  Types: Record<string, number>;
};

/** A text is prepared from its second run on (its first may be its only one). */
const RUNS_BEFORE_PREPARING = 1;
/** Texts counted at most; past it the count starts over (a daemon's hot set is a few hundred). */
const COUNTED_TEXTS = 5000;
/** More bindings than this is a batch, not a hot statement (and would hold a large statement). */
const MAX_BINDINGS = 64;
/** Prepared statements each connection keeps (mysql2 closes the least recently used beyond it). */
export const PREPARED_PER_CONNECTION = 200;

const PREPARABLE = /^\s*(select|insert|update|delete)\b/i;
/** Errors of a statement the server refused to prepare or bind: nothing ran, the text path is safe. */
const NOT_PREPARABLE = new Set([1295 /* ER_UNSUPPORTED_PS */, 1210 /* ER_WRONG_ARGUMENTS */]);
/**
 * The same, but for now only: the server's max_prepared_stmt_count reached (shared by every client
 * of the server), or a statement to prepare again after a schema change.
 */
const NOT_PREPARED_NOW = new Set([
  1461 /* ER_MAX_PREPARED_STMT_COUNT_REACHED */, 1615 /* ER_NEED_REPREPARE */,
]);

interface QueryObject {
  sql: string;
  bindings?: unknown[];
  options?: Record<string, unknown>;
  response?: unknown;
}

interface Field {
  columnType: number;
  decimals: number;
}

/** Routes knex's MySQL queries through `execute` once their text repeats. */
export function preparedStatements(db: Knex): Knex {
  const client = (db as any).client;
  const textQuery = client._query.bind(client);
  const runs = new Map<string, number>();
  const refused = new Set<string>();
  client._query = (connection: any, obj: QueryObject | string) => {
    if (!obj || typeof obj === 'string' || !preparable(obj, runs, refused)) return textQuery(connection, obj);
    return new Promise((resolve, reject) => {
      connection.execute(
        { sql: obj.sql, ...obj.options },
        obj.bindings!.map(toParameter),
        (err: any, rows: any, fields: Field[] | undefined) => {
          if (err) {
            const never = NOT_PREPARABLE.has(err.errno);
            if (!never && !NOT_PREPARED_NOW.has(err.errno)) return reject(err);
            if (never) refused.add(obj.sql);
            return textQuery(connection, obj).then(resolve, reject);
          }
          if (Array.isArray(rows) && fields) padFractions(rows, fields);
          obj.response = [rows, fields];
          resolve(obj);
        },
      );
    });
  };
  return db;
}

function preparable(obj: QueryObject, runs: Map<string, number>, refused: Set<string>): boolean {
  const bindings = obj.bindings;
  if (!bindings || bindings.length === 0 || bindings.length > MAX_BINDINGS) return false;
  for (const b of bindings) {
    if (b === null || typeof b === 'string' || typeof b === 'boolean') continue;
    if (typeof b === 'number' && Number.isSafeInteger(b)) continue;
    return false;
  }
  const sql = obj.sql;
  if (refused.has(sql) || !PREPARABLE.test(sql)) return false;
  const seen = runs.get(sql) ?? 0;
  if (seen >= RUNS_BEFORE_PREPARING) return true;
  if (runs.size >= COUNTED_TEXTS) runs.clear();
  runs.set(sql, seen + 1);
  return false;
}

function toParameter(value: unknown): unknown {
  return typeof value === 'number' ? TypedParameter.LONGLONG(value) : value;
}

const DATETIMES = new Set([Types.DATETIME, Types.TIMESTAMP]);

/** The text protocol's `…SS.000` for a DATETIME(n) whose fraction is zero (binary rows drop it). */
function padFractions(rows: Array<Record<string, unknown>>, fields: Field[]): void {
  let names: Array<[string, string]> | undefined;
  for (const f of fields as Array<Field & { name: string }>) {
    if (DATETIMES.has(f.columnType) && f.decimals > 0 && f.decimals <= 6)
      (names ??= []).push([f.name, '.' + '0'.repeat(f.decimals)]);
  }
  if (!names) return;
  for (const row of rows) {
    for (const [name, zero] of names) {
      const v = row[name];
      if (typeof v === 'string' && v.length === 19) row[name] = v + zero;
    }
  }
}
