// inTransaction: a dry run rolls back and still returns; a deadlock victim is restarted from the top
// (and its first attempt left nothing); a nested transaction is never retried on its own; other
// errors are not retried. The last test makes MariaDB pick a real deadlock victim.
import test from 'ava';
import type { Knex } from 'knex';
import { createDb } from '../../src/db/knex.js';
import { isDeadlock } from '../../src/db/errors.js';
import { DEADLOCK_ATTEMPTS, inTransaction } from '../../src/db/transaction.js';
import { createTestDb, DIALECTS, type Dialect } from '../helpers/db.js';

const deadlock = () =>
  Object.assign(new Error('Deadlock found when trying to get lock; try restarting transaction'), {
    code: 'ER_LOCK_DEADLOCK',
    errno: 1213,
  });

async function setup(t: any, dialect: Dialect) {
  const tdb = await createTestDb(dialect);
  t.teardown(tdb.destroy);
  await tdb.db.schema.createTable('tx_probe', (table) => {
    table.integer('id').primary();
    table.integer('n').notNullable();
  });
  await tdb.db('tx_probe').insert([
    { id: 1, n: 0 },
    { id: 2, n: 0 },
  ]);
  return tdb;
}

const valueOf = async (db: Knex, id: number) => Number((await db('tx_probe').where({ id }).first()).n);

for (const dialect of DIALECTS) {
  test(`[${dialect}] a dry run returns what the work returned and writes nothing`, async (t) => {
    const { db } = await setup(t, dialect);
    const result = await inTransaction(
      db,
      async (trx) => {
        await trx('tx_probe').where({ id: 1 }).update({ n: 5 });
        return valueOf(trx, 1);
      },
      { dryRun: true },
    );
    t.is(result, 5);
    t.is(await valueOf(db, 1), 0);
  });

  test(`[${dialect}] a deadlock victim is run again from the top; its rolled-back attempt left nothing`, async (t) => {
    const { db } = await setup(t, dialect);
    let attempts = 0;
    const result = await inTransaction(db, async (trx) => {
      attempts++;
      await trx('tx_probe').where({ id: 1 }).increment('n', 1);
      if (attempts < 3) throw deadlock();
      return 'done';
    });
    t.is(result, 'done');
    t.is(attempts, 3);
    t.is(await valueOf(db, 1), 1, 'only the attempt that committed counted');
  });

  test(`[${dialect}] a deadlock that keeps coming is thrown after the last attempt`, async (t) => {
    const { db } = await setup(t, dialect);
    let attempts = 0;
    const err = await t.throwsAsync(
      inTransaction(db, async () => {
        attempts++;
        throw deadlock();
      }),
    );
    t.true(isDeadlock(err));
    t.is(attempts, DEADLOCK_ATTEMPTS);
  });

  test(`[${dialect}] other errors and nested transactions are not retried`, async (t) => {
    const { db } = await setup(t, dialect);
    let plain = 0;
    await t.throwsAsync(
      inTransaction(db, async () => {
        plain++;
        throw new Error('not a deadlock');
      }),
      { message: 'not a deadlock' },
    );
    t.is(plain, 1);

    let inner = 0;
    let outer = 0;
    await t.throwsAsync(
      inTransaction(db, async (trx) => {
        outer++;
        await inTransaction(trx, async () => {
          inner++;
          throw deadlock();
        });
      }),
    );
    t.is(inner, outer, 'the inner work ran once per outer attempt');
    t.is(outer, DEADLOCK_ATTEMPTS, 'the outermost transaction is the one restarted');
  });
}

if (DIALECTS.includes('mysql')) {
  test('[mysql] a real deadlock: the victim is restarted and both transactions commit', async (t) => {
    const { db, config } = await setup(t, 'mysql');
    const other = createDb(config.database, { poolMax: 2 });
    t.teardown(() => other.destroy());
    // Two transactions lock rows 1 and 2 in opposite orders; each waits for the other to hold its
    // first lock, so InnoDB must roll one back.
    let bothHoldFirst!: () => void;
    let held = 0;
    const barrier = new Promise<void>((resolve) => (bothHoldFirst = resolve));
    const attempts = { a: 0, b: 0 };
    const crossing = (db: Knex, name: 'a' | 'b', first: number, second: number) =>
      inTransaction(db, async (trx) => {
        attempts[name]++;
        await trx('tx_probe').where({ id: first }).increment('n', 1);
        if (++held === 2) bothHoldFirst();
        await Promise.race([barrier, new Promise((r) => setTimeout(r, 2000))]);
        await trx('tx_probe').where({ id: second }).increment('n', 1);
      });
    await Promise.all([crossing(db, 'a', 1, 2), crossing(other, 'b', 2, 1)]);
    t.is(attempts.a + attempts.b, 3, 'exactly one of the two was a victim and ran again');
    t.is(await valueOf(db, 1), 2);
    t.is(await valueOf(db, 2), 2);
  });
}
