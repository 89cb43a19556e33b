// The pull's month, read from ONE consistent snapshot: a read-only transaction (REPEATABLE READ on
// MySQL: every statement after the first reads the database as it was then; on SQLite one
// transaction, during which no writer commits) in which the lock is checked and every page read.
// An unlock that commits during the pull therefore cannot change what is sent under the 200: the
// partner gets the whole month as it was when the lock was checked, or, when the unlock came first,
// 409 LOCK_PENDING.
//
// The pages are spooled to a temporary file inside the transaction and the file is what streams to
// the partner. Streaming straight from the transaction would hold a pooled connection (on SQLite
// the only one, with the write lock) for as long as the slowest partner takes to read 300,000
// records; the file keeps the transaction as short as the read, and memory flat (one page at a time).
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { dialectOf } from '../../../db/knex.js';
import { requireLockedMonth } from '../locked-months.js';
import { MONTH_PAGE_SIZE, monthRecordPages, type MonthScope } from '../records.js';

export interface SnapshotTools {
  /** Called after each page is read, inside the transaction (tests unlock the month here). */
  onPage?: (index: number) => Promise<void> | void;
  pageSize?: number;
}

/** The locked month as a JSON array, read from one snapshot; LOCK_PENDING when it is not locked. */
export async function lockedMonthSnapshot(
  db: Knex,
  scope: MonthScope,
  what: string,
  tools: SnapshotTools = {},
): Promise<Readable> {
  const dir = await mkdtemp(join(tmpdir(), 'wfctl-pull-'));
  const file = join(dir, 'month.json');
  try {
    await inReadSnapshot(db, async (trx) => {
      await requireLockedMonth(trx, scope, what);
      await spool(trx, scope, file, tools);
    });
    const body = createReadStream(file);
    await once(body, 'open');
    return body;
  } finally {
    // The open stream keeps the file's data until it is read or destroyed; the name goes now, so
    // nothing is left behind whatever happens to the request.
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A read-only REPEATABLE READ transaction on MySQL; a plain transaction on SQLite (serialisable:
 * no writer commits while it is open). MariaDB refuses the `ISOLATION LEVEL … READ ONLY` knex
 * writes (it wants a comma), so the characteristics are set by hand for the next transaction on a
 * connection taken from the pool, and the transaction is opened on that connection.
 */
async function inReadSnapshot(db: Knex, work: (trx: Knex.Transaction) => Promise<void>): Promise<void> {
  if (dialectOf(db) !== 'mysql') return db.transaction(work);
  const conn = await db.client.acquireConnection();
  try {
    await db.raw('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY').connection(conn);
    await db.transaction(work, { connection: conn });
  } finally {
    await db.client.releaseConnection(conn);
  }
}

async function spool(trx: Knex, scope: MonthScope, file: string, tools: SnapshotTools): Promise<void> {
  const out = createWriteStream(file);
  const write = async (chunk: string) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  try {
    let open = '[';
    let index = 0;
    for await (const page of monthRecordPages(trx, scope, tools.pageSize ?? MONTH_PAGE_SIZE)) {
      if (page.length) {
        await write(open + page.map((record) => JSON.stringify(record)).join(','));
        open = ',';
      }
      await tools.onPage?.(index++);
    }
    await write(open === '[' ? '[]' : ']');
  } finally {
    out.end();
    await once(out, 'close');
  }
}
