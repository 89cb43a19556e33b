// Background work on the single writer (issue 22, item 3): two daemons' schedulers, two job
// workers, two partner pushes, all through the writer port. Each claim is a row written on the
// writer node (a unique key, a conditional UPDATE, FOR UPDATE SKIP LOCKED); the races are forced
// with `gateOn`, which holds a claim's statement on the writer node until the test opens it:
//
// - two schedulers: both slot claims (scheduler_runs INSERT) are held together, then let go at
//   once; the month-lock slot locks once (one lock, one audit entry) and the nightly push sends
//   every batch once to a partner receiver in the test that records every POST;
// - two workers: one worker's claim of the financial-year close job is held after its SKIP LOCKED
//   read while the other worker polls the queue again and again; the job runs once (one attempt);
// - two `partner push` runs (runOperation, as the CLI and cron run it), on two daemons' pools:
//   both held at planning the first batch; and one held mid-pipeline while the other pushes the
//   rest of the lock. No batch (delivery id) and no record reaches the partner twice.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'ava';
import knexFactory, { type Knex } from 'knex';
import { FixedClock } from '../../src/core/clock.js';
import { runOperation } from '../../src/core/operation.js';
import { startScheduler, type RunningScheduler } from '../../src/scheduler/scheduler.js';
import { daemonWorker, SCHEDULED_JOBS } from '../../src/tasks.js';
import { pushToPartners } from '../../src/workforce/partners/deliveries/operations/push-to-partners.js';
import { lockMonth } from '../../src/workforce/attendance/operations/lock-month.js';
import { workforceContext } from '../../src/workforce/context.js';
import { systemActor } from '../../src/workforce/identity/actor.js';
import { monthsBetween } from '../../src/core/calendar.js';
import { clusterWorld, gateOn, nodeOf, until, type ClusterDaemon } from '../helpers/cluster.js';
import { ManualTimers, ManualTriggers } from '../scheduler/fakes.js';
import { fillMonth, lockedCount, orgWorld } from '../workforce/attendance/fixtures.js';
import {
  bulkEmployees,
  createPartner,
  insertAttendance,
  lockFixture,
  orgWithStaff,
  systemContext,
} from '../workforce/partners/fixtures.js';
import { createFinancialYear, createLeaveType } from '../workforce/financial-years/fixtures.js';

const NIGHT = '2026-02-02T04:00:00.000Z';

const n = (row: { n?: unknown } | undefined) => Number(row?.n ?? 0);

async function arrange(t: any, env: Record<string, string> = {}) {
  const world = await clusterWorld({ clock: new FixedClock(NIGHT), env });
  t.teardown(() => world.close());
  const daemons: ClusterDaemon[] = [await world.startDaemon('writer'), await world.startDaemon('writer')];
  const writer = await nodeOf(world.db);
  return { world, daemons, writer };
}

interface Post {
  deliveryId: string;
  records: Array<{ employee_id: string; date: string }>;
}

/** A partner endpoint that answers 200 and records every POST it receives. */
async function receiver(t: any) {
  const posts: Post[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      posts.push({ deliveryId: String(req.headers['x-attendance-delivery-id']), records: JSON.parse(body) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/p`, posts };
}

const dupes = (list: string[]) => list.filter((x, i) => list.indexOf(x) !== i);

/** Every batch of the ledger delivered, each POSTed once, each record received once. */
async function deliveredOnce(t: any, db: Knex, posts: Post[], records: number) {
  const ledger = await db('partner_deliveries').orderBy('batch_index');
  const ids = posts.map((p) => p.deliveryId);
  t.deepEqual(dupes(ids), [], 'no batch was sent twice');
  t.deepEqual([...ids].sort(), ledger.map((b) => b.delivery_id).sort(), 'every batch of the ledger, once');
  t.deepEqual(
    ledger.map((b) => b.status),
    ledger.map(() => 'delivered'),
  );
  t.deepEqual(
    ledger.map((b) => Number(b.attempts)),
    ledger.map(() => 1),
  );
  const keys = posts.flatMap((p) => p.records.map((r) => `${r.employee_id}@${r.date}`));
  t.deepEqual(dupes(keys), [], 'no record was sent twice');
  t.is(keys.length, records);
  t.true(ledger.some((b) => Boolean(b.is_last)));
}

test('two schedulers on the writer: the month-lock slot and the nightly partner push run once', async (t) => {
  const { world, daemons, writer } = await arrange(t, { PARTNER_PUSH_BATCH_SIZE: '10' });
  const w = await orgWorld(daemons[0]!.daemon.services);
  const rows = (await fillMonth(world.db, w, '2026-01')).length; // 2 employees × 31 days
  const rx = await receiver(t);
  await createPartner(world.db, { url: rx.url, organizationIds: [w.org.id] });

  // Both daemons start their scheduler; the month lock fires on start, and both claims of its slot
  // are held at the writer until both are there.
  const claims = await gateOn(world, writer, 'scheduler_runs', 'INSERT');
  const triggers = daemons.map(() => new ManualTriggers());
  const schedulers: RunningScheduler[] = daemons.map((d, i) =>
    startScheduler(d.daemon.services, {
      jobs: SCHEDULED_JOBS,
      triggers: triggers[i],
      timers: new ManualTimers(),
    }),
  );
  t.teardown(() => Promise.all(schedulers.map((s) => s.stop())).then(() => undefined));
  await claims.held(2);
  await claims.open();
  await Promise.all(schedulers.map((s) => s.idle()));

  const locks = await world.db('attendance_locks').where({ organization_id: w.org.id, month: '2026-01' });
  t.is(locks.length, 1);
  t.is(
    await world.db('audit_entries').where({ event: 'attendance.lock' }).count({ n: '*' }).first().then(n),
    1,
  );
  t.is(await lockedCount(world.db, { organization_id: w.org.id }), rows);
  const monthRuns = await world.db('scheduler_runs').where({ job: 'month-lock' });
  t.deepEqual(
    monthRuns.map((r) => [r.slot, r.status]),
    [[`2026-01/org:${w.org.id}`, 'done']],
  );
  t.like(JSON.parse(monthRuns[0].result), { lock_id: Number(locks[0].id), rows_locked: rows });

  // 04:00: both schedulers' nightly push triggers fire; both claims of the day's slot held together.
  const pushes = await gateOn(world, writer, 'scheduler_runs', 'INSERT');
  for (const tr of triggers) tr.registered.find((e) => e.rule === '0 4 * * *')!.fire();
  await pushes.held(2);
  await pushes.open();
  await Promise.all(schedulers.map((s) => s.idle()));

  const pushRuns = await world.db('scheduler_runs').where({ job: 'partner-push' });
  t.deepEqual(
    pushRuns.map((r) => [r.slot, r.status]),
    [['2026-02-02T04:00', 'done']],
  );
  t.like(JSON.parse(pushRuns[0].result), { ok: true, delivered_batches: Math.ceil(rows / 10) });
  t.is(rx.posts.length, Math.ceil(rows / 10));
  await deliveredOnce(t, world.db, rx.posts, rows);
});

test('two job workers on the writer: the financial-year close job runs once', async (t) => {
  const { world, daemons, writer } = await arrange(t, { WORKER_POLL_MS: '20' });
  const a = daemons[0]!;
  const w = await orgWorld(a.daemon.services);
  const fy = await createFinancialYear(world.db, w.org.id);
  const ctx = workforceContext(a.daemon.services, await systemActor(world.db));
  for (const month of monthsBetween('2025-01-01', '2025-12-31'))
    await runOperation(lockMonth, ctx, { organization_id: w.org.id, month });
  await createLeaveType(world.db, w.org.id, 'CL', 12, 3);
  await createLeaveType(world.db, w.org.id, 'EL', 18, 30);
  const res = await a.workforce.post(`/api/v1/financial-years/${fy.id}/close`, undefined, {
    token: w.tokens.orgAdmin,
  });
  t.is(res.status, 202, res.text);

  // The claim is SELECT … FOR UPDATE SKIP LOCKED then an UPDATE to running: the first worker to
  // reach the UPDATE is held there, its row lock taken, while the other worker scans again.
  const claim = await gateOn(world, writer, 'jobs', 'UPDATE', "NEW.status = 'running'");
  const scans = [0, 0];
  daemons.forEach((d, i) =>
    d.db.on('query-response', (_r: unknown, q: { sql: string }) => {
      if (/skip locked/i.test(q.sql)) scans[i]! += 1;
    }),
  );
  const stops = daemons.map((d) => daemonWorker.start(d.daemon.services));
  t.teardown(() => Promise.all(stops.map((stop) => stop())).then(() => undefined));
  await claim.held();
  const atHold = scans[0]! + scans[1]!;
  // The held worker's scan is done and it waits in its UPDATE: new scans are the other worker's.
  await until(async () => scans[0]! + scans[1]! >= atHold + 3, 'the other worker scanning the queue');
  await claim.open();
  await until(
    async () => (await world.db('jobs').where({ id: res.body.job_id }).first()).status === 'done',
    'the close job done',
  );

  const job = await world.db('jobs').where({ id: res.body.job_id }).first();
  t.is(Number(job.attempts), 1, 'claimed once');
  t.is((await world.db('financial_years').where({ id: fy.id }).first()).status, 'closed');
  t.is(
    await world
      .db('leave_type_snapshots')
      .where({ financial_year_id: fy.id })
      .count({ n: '*' })
      .first()
      .then(n),
    2,
  );
  t.is(
    await world
      .db('audit_entries')
      .where({ event: 'financial_year.closed' })
      .count({ n: '*' })
      .first()
      .then(n),
    1,
  );
});

/** Another pool like `db`'s, whose connections carry @wfctl_test_run = `mark`. */
function markedPool(db: Knex, mark: string): Knex {
  const config = (db as any).client.config;
  const afterCreate = config.pool.afterCreate;
  return knexFactory({
    ...config,
    pool: {
      ...config.pool,
      afterCreate: (conn: any, done: (err: Error | null, conn: unknown) => void) =>
        afterCreate(conn, (err: Error | null) =>
          err
            ? done(err, conn)
            : conn.query(`SET @wfctl_test_run = '${mark}'`, (e: Error | null) => done(e, conn)),
        ),
    },
  });
}

/** A locked 2026-01 of 5 employees × 20 days (100 records) and a partner at the receiver. */
async function lockedMonthFor(world: { db: Knex }, url: string) {
  const { org, unit } = await orgWithStaff(world.db, { employees: 0 });
  const employeeIds = await bulkEmployees(world.db, org.id, 5, `P${org.id}-`);
  const records = await insertAttendance(world.db, {
    organizationId: org.id,
    unitId: unit.id,
    employeeIds,
    month: '2026-01',
    days: 20,
  });
  await lockFixture(world.db, { organizationId: org.id, month: '2026-01' });
  await createPartner(world.db, { url, organizationIds: [org.id] });
  return records;
}

test('two partner pushes at once, both held at planning the first batch: no batch sent twice', async (t) => {
  const { world, daemons, writer } = await arrange(t, { PARTNER_PUSH_BATCH_SIZE: '10' });
  const rx = await receiver(t);
  const records = await lockedMonthFor(world, rx.url);
  const plan = await gateOn(world, writer, 'partner_deliveries', 'INSERT');
  const runs = daemons.map(async (d) =>
    runOperation(pushToPartners, await systemContext(d.daemon.services), {}),
  );
  await plan.held(2);
  await plan.open();
  const results = await Promise.all(runs);

  t.is(
    results.reduce((n, r) => n + r.delivered_batches, 0),
    10,
  );
  t.deepEqual(
    results.map((r) => r.failed_batches),
    [0, 0],
  );
  t.is(rx.posts.length, 10);
  await deliveredOnce(t, world.db, rx.posts, records);
});

test('a partner push held mid-pipeline while another pushes the rest of the lock: no batch sent twice', async (t) => {
  const { world, daemons, writer } = await arrange(t, { PARTNER_PUSH_BATCH_SIZE: '10' });
  const rx = await receiver(t);
  const records = await lockedMonthFor(world, rx.url);
  // Run A plans batch 0 (its claim), then plans batch 1 beside batch 0's POST: that insert, and
  // only A's, is held. A has sent batch 0 and is stuck there. A runs on a pool of its own whose
  // connections say so (a session variable the gate's condition reads; a condition reading the
  // table itself would take a shared lock on batch 0 and make the race the test's own).
  const ahead = await gateOn(
    world,
    writer,
    'partner_deliveries',
    'INSERT',
    "NEW.batch_index = 1 AND @wfctl_test_run = 'A'",
  );
  const poolA = markedPool(daemons[0]!.db, 'A');
  t.teardown(() => poolA.destroy());
  const servicesA = { ...daemons[0]!.daemon.services, db: poolA };
  const runA = runOperation(pushToPartners, await systemContext(servicesA), {});
  await ahead.held();
  await until(async () => rx.posts.length === 1, 'run A’s first batch received');
  // Run B, on the other daemon, finds batch 0 claimed by A (a live lease) and pushes the rest.
  const resultB = await runOperation(pushToPartners, await systemContext(daemons[1]!.daemon.services), {});
  t.is(resultB.delivered_batches, 9);
  t.is(rx.posts.length, 10);
  await ahead.open();
  const resultA = await runA;
  t.is(resultA.delivered_batches, 1);
  t.is(resultA.failed_batches, 0);
  await deliveredOnce(t, world.db, rx.posts, records);
});
