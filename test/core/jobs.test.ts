// The database job queue: run, retry with backoff, max attempts, permanent failure, leases (renewed
// by a heartbeat while a job runs, taken over once they lapse), and SKIP LOCKED claims by two
// workers on one MySQL database.
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
import { gate, ManualTimers, until } from '../scheduler/fakes.js';
import { monthsBetween } from '../../src/core/calendar.js';
import { defineRead, runOperation } from '../../src/core/operation.js';
import { yup } from '../../src/core/validation.js';
import { jobHandlers } from '../../src/tasks.js';
import { lockMonth } from '../../src/workforce/attendance/operations/lock-month.js';
import { closeFinancialYear } from '../../src/workforce/financial-years/operations/close-financial-year.js';
import { workforceContext } from '../../src/workforce/context.js';
import { systemActor } from '../../src/workforce/identity/actor.js';
import { orgWorld } from '../workforce/attendance/fixtures.js';
import { createFinancialYear, createLeaveType } from '../workforce/financial-years/fixtures.js';

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

  test(`[${dialect}] an operation handler declares { operation, input }: the worker runs it; a refused input fails the job at once`, async (t) => {
    const { services } = await setup(t, dialect);
    const double = defineRead('probe.double', 'public', {
      summary: 'Doubles n (a probe)',
      input: yup.object({ n: yup.number().integer().required() }),
      run: async (_ctx, input) => ({ doubled: input.n * 2 }),
    });
    const handlers: JobHandlers = {
      double: {
        operation: double,
        input: (payload: { value?: unknown }, job) => ({ n: payload.value ?? job.id }),
        context: async (s) => workforceContext(s),
        outcome: (result: { doubled: number }) => ({ ...result, recorded: true }),
      },
    };
    await enqueueJob(services.db, services.clock, { name: 'double', payload: { value: 21 } });
    t.like(await workOnce(services, handlers, 'w1'), {
      status: 'done',
      result: { doubled: 42, recorded: true },
    });
    await enqueueJob(services.db, services.clock, { name: 'double', payload: { value: 'many' } });
    const refused = await workOnce(services, handlers, 'w1');
    t.like(refused, { status: 'failed', attempts: 1 });
    t.regex(refused!.last_error!, /payload is invalid/);
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

  test(`[${dialect}] a job whose worker died is claimed again once its lease lapses, not after 15 minutes`, async (t) => {
    const { services, clock } = await setup(t, dialect);
    const leaseMs = services.config.leaseMs;
    t.is(leaseMs, 30_000, 'LEASE_SECONDS defaults to 30');
    const id = await enqueueJob(services.db, clock, { name: 'echo' });
    const claimed = await claimJob(services.db, clock, 'dead-worker', { leaseMs });
    t.is(claimed!.id, id);
    t.is(claimed!.lease_until, new Date(clock.now().getTime() + leaseMs).toISOString());
    const handlers: JobHandlers = { echo: async () => 'ok' };
    clock.advance(leaseMs - 1);
    t.is(await workOnce(services, handlers, 'w2'), null, 'still within the first worker’s lease');
    clock.advance(2);
    const retried = await workOnce(services, handlers, 'w2');
    t.is(retried!.status, 'done');
    t.is(retried!.attempts, 2);
    t.is(retried!.locked_by, 'w2');
    t.is(retried!.lease_until, null, 'a finished job holds no lease');
  });

  test(`[${dialect}] a running job's heartbeat renews its lease; a worker that lost it cannot overwrite the taker's outcome`, async (t) => {
    const { services, clock } = await setup(t, dialect);
    const leaseMs = services.config.leaseMs;
    const held = gate<string>();
    let calls = 0;
    const handlers: JobHandlers = {
      slow: async () => {
        calls += 1;
        return calls === 1 ? held.promise : 'second';
      },
    };
    const id = await enqueueJob(services.db, clock, { name: 'slow' });
    const timers = new ManualTimers();
    const first = workOnce(services, handlers, 'w1', { timers });
    await until(() => calls === 1);
    t.is(timers.live, 1, 'one heartbeat while the handler runs');
    // Twice two thirds of a lease: renewed each time, so still held well past the first lease.
    for (let i = 0; i < 2; i++) {
      clock.advance((leaseMs * 2) / 3);
      await timers.beat();
      t.is(
        (await getJob(services.db, id))!.lease_until,
        new Date(clock.now().getTime() + leaseMs).toISOString(),
      );
    }
    t.is(await workOnce(services, handlers, 'w2'), null, 'held by the heartbeat');

    // w1 stalls (no more beats): its lease lapses and w2 takes the job over.
    clock.advance(leaseMs + 1);
    const taken = await workOnce(services, handlers, 'w2');
    t.like(taken, { status: 'done', attempts: 2, locked_by: 'w2', result: 'second' });
    held.open('first, too late');
    const late = await first;
    t.like(late, { status: 'done', result: 'second', locked_by: 'w2' }, 'the late outcome matched no row');
    t.is(timers.live, 0, 'the heartbeat stopped');
  });
}

if (DIALECTS.includes('mysql')) {
  test('[mysql] two workers claiming at once never get the same job (SKIP LOCKED)', async (t) => {
    const { services, tdb, clock } = await setup(t, 'mysql');
    const other = createDb(tdb.config.database, { poolMax: 5 });
    t.teardown(() => other.destroy());
    for (let i = 0; i < 20; i++) await enqueueJob(services.db, clock, { name: 'echo' });
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        claimJob(i % 2 ? other : services.db, clock, `w${i % 2}`, { leaseMs: 30_000 }),
      ),
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

if (DIALECTS.includes('mysql')) {
  test('[mysql] a worker claims the financial-year close job and dies: after its lease, one of two others closes the year once', async (t) => {
    const { services, tdb, clock } = await setup(t, 'mysql');
    const { db } = services;
    const leaseMs = services.config.leaseMs;
    const world = await orgWorld(services);
    const ctx = workforceContext(services, await systemActor(db));
    const fy = await createFinancialYear(db, world.org.id);
    await createLeaveType(db, world.org.id, 'CL', 12, 3);
    for (const month of monthsBetween('2025-01-01', '2025-12-31')) {
      await runOperation(lockMonth, ctx, { organization_id: world.org.id, month });
    }
    const accepted = await runOperation(closeFinancialYear, ctx, { financial_year_id: fy.id });
    // Three daemons: each its own pool on the one database.
    const pools = [
      createDb(tdb.config.database, { poolMax: 3 }),
      createDb(tdb.config.database, { poolMax: 3 }),
    ];
    t.teardown(() => Promise.all(pools.map((p) => p.destroy())));
    const [b, c]: Services[] = pools.map((pool) => ({ ...services, db: pool }));

    const dying = await claimJob(db, clock, 'worker-a', { leaseMs });
    t.is(dying!.id, accepted.job_id!);
    // worker-a is gone: it never runs the handler and never renews its lease.
    clock.advance(leaseMs - 1);
    t.deepEqual(
      await Promise.all([workOnce(b, jobHandlers, 'worker-b'), workOnce(c, jobHandlers, 'worker-c')]),
      [null, null],
    );
    clock.advance(2);
    const [one, two] = await Promise.all([
      workOnce(b, jobHandlers, 'worker-b'),
      workOnce(c, jobHandlers, 'worker-c'),
    ]);
    const ran = [one, two].filter((j) => j !== null);
    t.is(ran.length, 1, 'exactly one worker took the lapsed claim over');
    t.like(ran[0], { id: accepted.job_id, status: 'done', attempts: 2 });
    t.true(['worker-b', 'worker-c'].includes(ran[0]!.locked_by!));
    t.like(await db('financial_years').where({ id: fy.id }).first(), { status: 'closed' });
    t.is((await db('audit_entries').where({ event: 'financial_year.closed' })).length, 1);
    t.is((await db('leave_type_snapshots').where({ financial_year_id: fy.id })).length, 1);
  });
}
