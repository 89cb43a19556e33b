// The nightly push is a scheduled job at 04:00 UTC; two schedulers on one database run it once.
import test from 'ava';
import nock from 'nock';
import { FixedClock } from '../../../src/core/clock.js';
import type { Services } from '../../../src/core/services.js';
import { createDb } from '../../../src/db/knex.js';
import { fireScheduledJob, findScheduledJob } from '../../../src/tasks.js';
import { createTestDb, DIALECTS } from '../../helpers/db.js';
import { createPartner, lockedJanuary, servicesFor } from './fixtures.js';

nock.disableNetConnect();

test('the partner-push job is registered at 04:00 UTC', (t) => {
  t.like(findScheduledJob('partner-push'), { cron: '0 4 * * *', timezone: 'UTC' });
});

for (const dialect of DIALECTS) {
  test(`[${dialect}] two schedulers firing the push at 04:00 on one database: it runs once`, async (t) => {
    const tdb = await createTestDb(dialect);
    t.teardown(tdb.destroy);
    const clock = new FixedClock('2026-02-02T04:00:00.000Z');
    const services = servicesFor(tdb, clock);
    const { org } = await lockedJanuary(tdb.db);
    const host = `https://nightly-${dialect}.example.test`;
    await createPartner(tdb.db, { url: `${host}/p`, organizationIds: [org.id] });
    let requests = 0;
    const scope = nock(host)
      .post('/p/attendance/daily')
      .times(2)
      .reply(() => {
        requests++;
        return [200, 'ok'];
      });
    // A second daemon: its own connection (pool) to the same database.
    const otherDb = createDb(tdb.config.database, { poolMax: 5 });
    t.teardown(() => otherDb.destroy());
    const other: Services = { ...services, db: otherDb };

    const [one, two] = await Promise.all([
      fireScheduledJob(services, 'partner-push'),
      fireScheduledJob(other, 'partner-push'),
    ]);

    const outcomes = [...one, ...two];
    t.deepEqual(outcomes.map((o) => o.outcome).sort(), ['ran', 'skipped']);
    t.true(outcomes.every((o) => o.slot === '2026-02-02T04:00'));
    t.like(outcomes.find((o) => o.outcome === 'ran')!.result, {
      ok: true,
      delivered_batches: 1,
      failed_batches: 0,
    });
    t.is(requests, 1);
    t.false(scope.isDone()); // the second interceptor was never needed
    const runs = await tdb.db('scheduler_runs').where({ job: 'partner-push' });
    t.is(runs.length, 1);
    t.is(runs[0].status, 'done');
    nock.removeInterceptor({
      hostname: new URL(host).hostname,
      path: '/p/attendance/daily',
      method: 'POST',
      proto: 'https',
    });
  });
}
