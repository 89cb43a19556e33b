// Operations run in ONE transaction. `dryRun` runs the very same code and rolls back, so a
// preview is exactly what would have happened.
//
// A MySQL/MariaDB deadlock rolls the victim's whole transaction back and asks the client to
// "try restarting transaction"; inTransaction does exactly that, a few times, with a short jittered
// pause. This is safe because work inside a transaction touches only the database (operations keep
// network calls outside, see createGatewayOrder and the partner push), so a rolled-back attempt
// left nothing behind. A transaction nested in another is never retried on its own: the deadlock
// rolled back the outer one too, so the error goes up to whoever opened it.
import type { Knex } from 'knex';
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

class DryRunRollback<T> extends Error {
  constructor(readonly result: T) {
    super('dry run rollback');
  }
}

export function isDeadlock(err: unknown): boolean {
  const e = err as { code?: unknown; errno?: unknown } | null;
  return e?.code === 'ER_LOCK_DEADLOCK' || e?.errno === 1213;
}

export async function inTransaction<T>(
  db: Knex,
  work: (trx: Knex.Transaction) => Promise<T>,
  opts: TransactionOptions = {},
): Promise<T> {
  const nested = Boolean((db as { isTransaction?: boolean }).isTransaction);
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(db, work, opts, nested);
    } catch (err) {
      if (err instanceof DryRunRollback) return err.result as T;
      if (nested || !isDeadlock(err) || attempt >= DEADLOCK_ATTEMPTS) throw err;
      // 5–15 ms, 10–30 ms, 20–60 ms: enough for the winner to commit, short enough to go unnoticed.
      const base = 5 * 2 ** (attempt - 1);
      await new Promise((resolve) => setTimeout(resolve, base + Math.random() * 2 * base));
    }
  }
}

function runOnce<T>(
  db: Knex,
  work: (trx: Knex.Transaction) => Promise<T>,
  opts: TransactionOptions,
  nested: boolean,
): Promise<T> {
  const config: Knex.TransactionConfig =
    opts.isolation && !nested && dialectOf(db) === 'mysql' ? { isolationLevel: opts.isolation } : {};
  return db.transaction(async (trx) => {
    const result = await work(trx);
    if (opts.dryRun) throw new DryRunRollback(result);
    return result;
  }, config);
}
