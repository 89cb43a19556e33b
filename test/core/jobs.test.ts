// The database job queue: run, retry with backoff, max attempts, permanent failure, a crashed
// worker's job claimed again, and SKIP LOCKED claims by two workers on one MySQL database.
import test from 'ava';
import { FixedClock } from '../../src/core/clock.js';
import { silentLogger } from '../../src/core/logger.js';
import {
  backoffMs,
  claimJob,
  enqueueJob,
  getJob,
  listJobs,
  PermanentJobError,
  workOnce,
  type JobHandlers,
} from '../../src/core/job-queue.js';
import type { Services } from '../../src/core/services.js';
import { createDb } from '../../src/db/knex.js';
import { createTestDb, DIALECTS, type Dialect } from '../helpers/db.js';

async function setup(t: any, dialect: Dialect) {
  const tdb = await createTestDb(dialect);
  t.teardown(tdb.destroy);
  const clock = new FixedClock('2026-03-01T00:00:00.000Z');
  const services: Services = { db: tdb.db, clock, config: tdb.config, logger: silentLogger };
  return { tdb, clock, services };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] a job runs once and records its result`, async (t) => {
    const { services } = await setup(t, dialect);
    const seen: unknown[] = [];
    const handlers: JobHandlers = {
      echo: async (_s, payload) => {
        seen.push(payload);
        return { echoed: payload.n };
      },
    };
    const id = await enqueueJob(services.db, services.clock, { name: 'echo', payload: { n: 7 } });
    const done = await workOnce(services, handlers, 'w1');
    t.is(done!.id, id);
    t.is(done!.status, 'done');
    t.deepEqual(done!.result, { echoed: 7 });
    t.is(done!.attempts, 1);
    t.deepEqual(seen, [{ n: 7 }]);
    t.is(await workOnce(services, handlers, 'w1'), null, 'nothing left');
    t.deepEqual(
      (await listJobs(services.db, { status: 'done' })).map((j) => j.id),
      [id],
    );
  });

  test(`[${dialect}] a crashing job is retried with exponential backoff, then succeeds`, async (t) => {
    const { services, clock } = await setup(t, dialect);
    let calls = 0;
    const handlers: JobHandlers = {
      flaky: async () => {
        calls += 1;
        if (calls <= 2) throw new Error(`boom ${calls}`);
        return 'ok';
      },
    };
    const id = await enqueueJob(services.db, clock, { name: 'flaky' });
    const first = await workOnce(services, handlers, 'w1');
    t.is(first!.status, 'queued');
    t.is(first!.last_error, 'boom 1');
    t.is(first!.run_at, new Date(clock.now().getTime() + backoffMs(1)).toISOString());
    t.is(await workOnce(services, handlers, 'w1'), null, 'not due before the backoff');
    clock.advance(backoffMs(1));
    const second = await workOnce(services, handlers, 'w1');
    t.is(second!.attempts, 2);
    t.is(second!.run_at, new Date(clock.now().getTime() + 2 * backoffMs(1)).toISOString(), 'doubled');
    clock.advance(backoffMs(2));
    const third = await workOnce(services, handlers, 'w1');
    t.is(third!.status, 'done');
    t.is(third!.last_error, null);
    t.is((await getJob(services.db, id))!.attempts, 3);
  });

  test(`[${dialect}] max attempts, permanent errors and unknown handlers fail the job`, async (t) => {
    const { services, clock } = await setup(t, dialect);
    const handlers: JobHandlers = {
      always: async () => {
        throw new Error('still broken');
      },
      permanent: async () => {
        throw new PermanentJobError('cannot ever work');
      },
    };
    const a = await enqueueJob(services.db, clock, { name: 'always', maxAttempts: 2 });
    await workOnce(services, handlers, 'w1', { id: a });
    clock.advance(backoffMs(1));
    const last = await workOnce(services, handlers, 'w1', { id: a });
    t.is(last!.status, 'failed');
    t.is(last!.attempts, 2);
    const p = await enqueueJob(services.db, clock, { name: 'permanent' });
    t.is((await workOnce(services, handlers, 'w1', { id: p }))!.status, 'failed');
    const u = await enqueueJob(services.db, clock, { name: 'nobody-handles-this' });
    const unknown = await workOnce(services, handlers, 'w1', { id: u });
    t.is(unknown!.status, 'failed');
    t.regex(unknown!.last_error!, /No handler/);
    clock.advance(24 * 3600_000);
    t.is(await workOnce(services, handlers, 'w1'), null, 'failed jobs are not picked up again');
  });

  test(`[${dialect}] a job left running by a dead worker is claimed again after the stale window`, async (t) => {
    const { services, clock } = await setup(t, dialect);
    const id = await enqueueJob(services.db, clock, { name: 'echo' });
    const claimed = await claimJob(services.db, clock, 'dead-worker');
    t.is(claimed!.id, id);
    const handlers: JobHandlers = { echo: async () => 'ok' };
    t.is(await workOnce(services, handlers, 'w2'), null, 'still owned by the first worker');
    clock.advance(16 * 60_000);
    const retried = await workOnce(services, handlers, 'w2');
    t.is(retried!.status, 'done');
    t.is(retried!.attempts, 2);
  });
}

if (DIALECTS.includes('mysql')) {
  test('[mysql] two workers claiming at once never get the same job (SKIP LOCKED)', async (t) => {
    const { services, tdb, clock } = await setup(t, 'mysql');
    const other = createDb(tdb.config.database, { poolMax: 5 });
    t.teardown(() => other.destroy());
    for (let i = 0; i < 20; i++) await enqueueJob(services.db, clock, { name: 'echo' });
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) => claimJob(i % 2 ? other : services.db, clock, `w${i % 2}`)),
    );
    const ids = claims.filter((c) => c !== null).map((c) => c!.id);
    t.is(new Set(ids).size, ids.length, 'no job claimed twice');
    const running = await services.db('jobs').where({ status: 'running' }).count({ n: '*' }).first();
    t.is(Number(running!.n), ids.length);
    t.true(ids.every((id) => claims.filter((c) => c?.id === id).length === 1));
    t.true(
      (await services
        .db('jobs')
        .where('attempts', '>', 1)
        .count({ n: '*' })
        .first()
        .then((r) => Number(r!.n))) === 0,
    );
  });
}
