// New rows into one table through the engine's own bulk loader, inside the caller's transaction.
// On MySQL: `LOAD DATA LOCAL INFILE`, the rows serialised as tab-separated text and streamed from
// memory through mysql2's infileStreamFactory (no file on disk, nothing read from disk whatever
// name the server asks for). Everywhere else, and whenever the loader cannot give exactly what the
// caller's own batched writes would, it hands the rows to those writes (`fallback`) instead.
import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { loadDataSplitting } from './galera.js';
import { dialectOf } from './knex.js';

export type BulkValue = string | number | boolean | null;

export interface BulkLoadResult {
  /** `load-data`: one LOAD DATA statement wrote every row; `batches`: the fallback did. */
  path: 'load-data' | 'batches';
  /** Why the fallback ran (null when the loader wrote the rows, or the database has no loader). */
  reason: string | null;
}

export interface BulkLoadOptions {
  /** Hears of rows as they are streamed to the server (progress); the fallback reports its own. */
  onRows?: (rows: number) => void;
}

/**
 * Error numbers of a server that does not allow LOCAL INFILE (local_infile off, or a client that
 * did not offer it): ER_LOAD_INFILE_CAPABILITY_DISABLED (MariaDB 10.5+), ER_NOT_ALLOWED_COMMAND
 * (older MariaDB and MySQL), ER_CLIENT_LOCAL_FILES_DISABLED and ER_LOAD_DATA_LOCAL_INFILE_DISABLED
 * (MySQL 8).
 */
const REFUSED = new Set([4166, 1148, 3948, 3950]);
const DUPLICATE_KEY = 1062;
/** Bytes per chunk handed to mysql2; it writes each chunk as one packet (at most 16 MiB). */
const CHUNK_BYTES = 64 * 1024;
const SAVEPOINT = 'wfctl_bulk_load';

/**
 * Writes `rows` (each a value per column, in `columns` order) into `table`, all of them or none.
 * `fallback` is the caller's usual batched write of the same rows; it runs on SQLite, when the
 * server refuses LOCAL INFILE, and when the load would not be exact: a row colliding with a key
 * already stored (LOCAL implies IGNORE, so MySQL would skip it with a warning where the caller's
 * writes update it or fail) or any other warning (a value the server adjusted). The failed attempt
 * is undone first through a savepoint, so the fallback starts from the state before it.
 */
export async function bulkLoad(
  trx: Knex.Transaction,
  table: string,
  columns: readonly string[],
  rows: BulkValue[][],
  fallback: () => Promise<void>,
  opts: BulkLoadOptions = {},
): Promise<BulkLoadResult> {
  if (dialectOf(trx) !== 'mysql' || rows.length === 0) {
    await fallback();
    return { path: 'batches', reason: null };
  }
  // A Galera node with wsrep_load_data_splitting commits a LOAD DATA every 10,000 rows, whatever
  // the transaction around it: the caller's batched writes stay inside it, all or nothing.
  if (await loadDataSplitting(trx)) {
    await fallback();
    return { path: 'batches', reason: 'wsrep_load_data_splitting is ON (LOAD DATA would commit in pieces)' };
  }
  await trx.raw(`SAVEPOINT ${SAVEPOINT}`);
  let reason: string | null;
  try {
    reason = await loadData(trx, table, columns, rows, opts);
  } catch (err) {
    if (!REFUSED.has(Number((err as { errno?: number }).errno))) throw err;
    reason = `LOCAL INFILE refused: ${(err as Error).message}`;
  }
  if (reason === null) {
    await trx.raw(`RELEASE SAVEPOINT ${SAVEPOINT}`);
    return { path: 'load-data', reason: null };
  }
  await trx.raw(`ROLLBACK TO SAVEPOINT ${SAVEPOINT}`);
  await trx.raw(`RELEASE SAVEPOINT ${SAVEPOINT}`);
  await fallback();
  return { path: 'batches', reason };
}

/** Runs the LOAD DATA; null when every row went in as sent, else why the load cannot stand. */
async function loadData(
  trx: Knex.Transaction,
  table: string,
  columns: readonly string[],
  rows: BulkValue[][],
  opts: BulkLoadOptions,
): Promise<string | null> {
  const sql =
    `LOAD DATA LOCAL INFILE 'wfctl-bulk-load' INTO TABLE ?? CHARACTER SET utf8mb4 ` +
    `FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' ` +
    `(${columns.map(() => '??').join(', ')})`;
  const response = await trx
    .raw(sql, [table, ...columns])
    .options({ infileStreamFactory: () => Readable.from(tsvChunks(rows, opts.onRows)) });
  const header = (Array.isArray(response) ? response[0] : response) as {
    affectedRows?: number;
    warningStatus?: number;
  };
  if (!header.warningStatus && header.affectedRows === rows.length) return null;
  const [warnings] = await trx.raw('SHOW WARNINGS LIMIT 5');
  const list = (warnings as Array<{ Code: number; Message: string }>) ?? [];
  if (list.some((w) => Number(w.Code) === DUPLICATE_KEY)) {
    return `rows collide with stored keys (${list[0].Message})`;
  }
  const what = list.map((w) => `${w.Code} ${w.Message}`).join('; ') || 'no warning given';
  return `${header.affectedRows ?? 0} of ${rows.length} rows loaded, ${header.warningStatus ?? 0} warnings: ${what}`;
}

/** The rows as LOAD DATA's default text format, in chunks of about CHUNK_BYTES. */
export function* tsvChunks(rows: BulkValue[][], onRows?: (rows: number) => void): Generator<Buffer> {
  let text = '';
  let pending = 0;
  for (const row of rows) {
    let line = '';
    for (let i = 0; i < row.length; i++) line += (i ? '\t' : '') + tsvField(row[i]);
    text += line + '\n';
    pending += 1;
    // Characters, not bytes: a chunk of multi-byte text is at most 4× this, far below 16 MiB.
    if (text.length >= CHUNK_BYTES) {
      yield Buffer.from(text, 'utf8');
      onRows?.(pending);
      text = '';
      pending = 0;
    }
  }
  if (text) {
    yield Buffer.from(text, 'utf8');
    onRows?.(pending);
  }
}

/**
 * One field: NULL as \N; in text, the escape character and the characters that would end a field
 * or a line (or read as an escape on the way in) are escaped, so any string arrives as sent.
 */
export function tsvField(value: BulkValue | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`bulk load: ${value} is not a storable number`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? '1' : '0';
  return /[\\\t\n\r\0]/.test(value) ? value.replace(/[\\\t\n\r\0]/g, escapeChar) : value;
}

const ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
  '\0': '\\0',
};
function escapeChar(c: string): string {
  return ESCAPES[c];
}
