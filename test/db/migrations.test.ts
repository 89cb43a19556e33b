import test from 'ava';
import { migrateLatest, migrateRollback, migrationStatus } from '../../src/db/migrate.js';
import { createTestDb, DIALECTS } from '../helpers/db.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] migrations go all the way down and up again`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const { db } = tdb;
    const status = await migrationStatus(db);
    t.true(status.completed.length > 0);
    t.deepEqual(status.pending, []);
    t.true(await db.schema.hasTable('rate_limits'));
    t.true(await db.schema.hasTable('idempotency_keys'));

    const rolledBack = await migrateRollback(db, true);
    t.deepEqual([...rolledBack].sort(), [...status.completed].sort());
    t.false(await db.schema.hasTable('rate_limits'));
    const after = await migrationStatus(db);
    t.deepEqual(after.completed, []);
    t.deepEqual(after.pending, status.completed);

    t.deepEqual(await migrateLatest(db), status.completed);
    t.true(await db.schema.hasTable('idempotency_keys'));
    t.deepEqual(await migrateLatest(db), [], 'running it again applies nothing');
  });
}
