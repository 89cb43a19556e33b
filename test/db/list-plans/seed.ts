// Set-based fixtures large enough for the optimizer to care: tens of thousands of rows per list
// table, written in multi-row INSERTs. Columns a row does not name get a filler value from the
// table's own column types, so a fixture names only what the lists filter and order by.
import type { Knex } from 'knex';

type Row = Record<string, unknown>;
const NOW = '2026-01-01 00:00:00.000';

const columnCache = new Map<string, Record<string, Knex.ColumnInfo>>();

async function columns(db: Knex, table: string) {
  let info = columnCache.get(table);
  if (!info) {
    info = (await db(table).columnInfo()) as unknown as Record<string, Knex.ColumnInfo>;
    columnCache.set(table, info);
  }
  return info;
}

function filler(type: string, column: string, i: number): unknown {
  const t = type.toLowerCase();
  if (/datetime|timestamp/.test(t)) return NOW;
  if (/^date/.test(t)) return '2026-01-01';
  if (/bool|tinyint/.test(t)) return 0;
  if (/int|decimal|numeric|float|double|real/.test(t)) return 0;
  if (/text/.test(t)) return column.includes('trail') || column === 'symptoms' ? '[]' : '{}';
  return `${column.slice(0, 3)}${i}`; // unique per row, short enough for varchar(8)
}

/** Inserts `count` rows made by `make(i)`, filling the NOT NULL columns it leaves out. */
export async function fill(db: Knex, table: string, count: number, make: (i: number) => Row): Promise<void> {
  const info = await columns(db, table);
  const names = Object.keys(info).filter((c) => c !== 'id');
  // SQLite writes a multi-row insert as a compound SELECT, at most 500 terms.
  const perStatement = Math.max(1, Math.min(500, Math.floor(20_000 / names.length)));
  let batch: Row[] = [];
  for (let i = 0; i < count; i++) {
    const given = make(i);
    const row: Row = {};
    for (const c of names) {
      if (c in given) row[c] = given[c];
      else if (!info[c].nullable && info[c].defaultValue === null)
        row[c] = filler(String(info[c].type), c, i);
    }
    batch.push(row);
    if (batch.length === perStatement) {
      await insert(db, table, batch);
      batch = [];
    }
  }
  if (batch.length) await insert(db, table, batch);
}

async function insert(db: Knex, table: string, rows: Row[]): Promise<void> {
  try {
    await db(table).insert(rows);
  } catch (e) {
    throw new Error(`filling ${table}: ${(e as Error).message}`.slice(0, 500));
  }
}

/** Ids of `table` in insertion order, from `fromId` on. */
export async function idsFrom(db: Knex, table: string, fromId = 0): Promise<number[]> {
  return (await db(table).where('id', '>', fromId).orderBy('id').pluck('id')).map(Number);
}

export async function maxId(db: Knex, table: string): Promise<number> {
  const row = await db(table).max({ m: 'id' }).first();
  return Number(row?.m ?? 0);
}

export function dayAfter(start: string, days: number): string {
  const d = new Date(`${start}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
