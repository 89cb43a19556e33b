import test from 'ava';
import { refreshStatistics } from '../../src/db/knex.js';
import { createTestDb, DIALECTS } from '../helpers/db.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] planner statistics can be refreshed after a bulk load`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    await t.notThrowsAsync(() => refreshStatistics(tdb.db, ['attendance', 'employees']));
    await t.notThrowsAsync(() => refreshStatistics(tdb.db, []));
  });
}
