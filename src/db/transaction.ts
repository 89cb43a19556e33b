// Operations run in ONE transaction. `dryRun` runs the very same code and rolls back, so a
// preview is exactly what would have happened.
//
// A MySQL/MariaDB deadlock rolls the victim's whole transaction back and asks the client to
// "try restarting transaction"; inTransaction does exactly that, a few times, with a short jittered
// pause. This is safe because work inside a transaction touches only the database (operations keep
// network calls outside, see createGatewayOrder and the partner push), so a rolled-back attempt
// left nothing behind. A transaction nested in another is never retried on its own: the deadlock
// rolled back the outer one too, so the error goes up to whoever opened it.
//
// On a Galera cluster two more things are retried the same way. A conflict with a write set
// certified on another node surfaces as the same deadlock error, at any statement or at COMMIT.
// And a connection lost BEFORE the commit was sent (the writer node killed, HAProxy moving every
// connection to the next node) left nothing behind either, so the work runs again on a new
// connection, with pauses long enough for the failover (on a cluster only: a lone server that went
// away is answered with a prompt 503). A connection lost during COMMIT is not
// retried: the commit may have happened, and only the caller (with its Idempotency-Key) can tell.
import type { Knex } from 'knex';
import { ServiceUnavailableError } from '../core/errors.js';
import { isDatabaseUnavailable, isDeadlock } from './errors.js';
import { writerFenceOf } from './galera.js';
import { dialectOf } from './knex.js';

export type Isolation = 'read committed' | 'repeatable read';

export interface TransactionOptions {
  dryRun?: boolean;
  /**
   * MySQL only (SQLite transactions are serialisable). READ COMMITTED takes no gap locks, which is
   * what a queue claim with SKIP LOCKED wants: two claimers scanning one index range otherwise
   * deadlock on each other's gap locks when they move a row to another status. REPEATABLE READ
   * (the server's usual default, asked for explicitly) reads every statement from the snapshot of
   * the first: what a many-page read that must be consistent wants.
   */
  isolation?: Isolation;
}

/** Attempts in all, the first included. */
export const DEADLOCK_ATTEMPTS = 4;

/** Pauses before each new attempt after a connection lost before COMMIT: ~8 s in all, a failover's worth. */
export const RECONNECT_PAUSES_MS = [250, 500, 1000, 2000, 4000];

/** How long a write waits for the Galera writer fence to settle (a failover) before a 503. */
export const WRITER_WAIT_MS = 5000;

class DryRunRollback<T> extends Error {
  constructor(readonly result: T) {
    super('dry run rollback');
  }
}

export async function inTransaction<T>(
  db: Knex,
  work: (trx: Knex.Transaction) => Promise<T>,
  opts: TransactionOptions = {},
): Promise<T> {
  const nested = Boolean((db as { isTransaction?: boolean }).isTransaction);
  if (!nested) await mustBeWriter(db);
  // Only a cluster has another node to fail over to; a lone server that went away is a prompt 503.
  let reconnects = writerFenceOf(db) ? 0 : RECONNECT_PAUSES_MS.length;
  for (let attempt = 1; ; attempt++) {
    const progress = { committing: false };
    try {
      return await runOnce(db, work, opts, nested, progress);
    } catch (err) {
      if (err instanceof DryRunRollback) return err.result as T;
      if (nested) throw err;
      if (isDeadlock(err) && attempt < DEADLOCK_ATTEMPTS) {
        // 5–15 ms, 10–30 ms, 20–60 ms: enough for the winner to commit, short enough to go unnoticed.
        const base = 5 * 2 ** (attempt - 1);
        await sleep(base + Math.random() * 2 * base);
        continue;
      }
      if (!progress.committing && isDatabaseUnavailable(err) && reconnects < RECONNECT_PAUSES_MS.length) {
        await sleep(RECONNECT_PAUSES_MS[reconnects++]!);
        continue;
      }
      throw err;
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * On Galera, writes go only through the writer node (src/db/galera.ts). During a failover the
 * fence may briefly disagree: wait for its next answer before refusing.
 */
async function mustBeWriter(db: Knex): Promise<void> {
  const fence = writerFenceOf(db);
  if (!fence?.refusal()) return;
  await fence.settle(WRITER_WAIT_MS);
  const refusal = fence.refusal();
  if (refusal) throw new ServiceUnavailableError(`Writes are refused: ${refusal}.`, 'NOT_WRITER_NODE');
}

function runOnce<T>(
  db: Knex,
  work: (trx: Knex.Transaction) => Promise<T>,
  opts: TransactionOptions,
  nested: boolean,
  progress: { committing: boolean },
): Promise<T> {
  const config: Knex.TransactionConfig =
    opts.isolation && !nested && dialectOf(db) === 'mysql' ? { isolationLevel: opts.isolation } : {};
  return db.transaction(async (trx) => {
    const result = await work(trx);
    if (opts.dryRun) throw new DryRunRollback(result);
    // From here knex sends COMMIT: a connection lost now leaves the outcome unknown.
    progress.committing = true;
    return result;
  }, config);
}
