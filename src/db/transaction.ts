// Operations run in ONE transaction. `dryRun` runs the very same code and rolls back, so a
// preview is exactly what would have happened.
import type { Knex } from 'knex';

class DryRunRollback<T> extends Error {
  constructor(readonly result: T) {
    super('dry run rollback');
  }
}

export async function inTransaction<T>(
  db: Knex,
  work: (trx: Knex.Transaction) => Promise<T>,
  opts: { dryRun?: boolean } = {},
): Promise<T> {
  try {
    return await db.transaction(async (trx) => {
      const result = await work(trx);
      if (opts.dryRun) throw new DryRunRollback(result);
      return result;
    });
  } catch (err) {
    if (err instanceof DryRunRollback) return err.result as T;
    throw err;
  }
}
