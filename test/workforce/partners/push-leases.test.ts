// Issue 16 "Leases with heartbeats", for push batches: a claimed batch holds a short lease
// (LEASE_SECONDS) renewed while the run works on it; a dead run's claim is taken over once the lease
// lapses, by the next push or by `partner redeliver`; a run that ends with a batch still claimed by
// another (possibly dead) run is not ok and names it. The clock and the heartbeat's timers are
// injected: nothing waits in real time. Runs racing for one batch use their own connection pools
// (on MySQL; see secondDaemonDb for SQLite).
import test, { type ExecutionContext } from 'ava';
import type { Knex } from 'knex';
import { FixedClock } from '../../../src/core/clock.js';
import type { LeaseTimers } from '../../../src/core/lease.js';
import { runOperation } from '../../../src/core/operation.js';
import type { Services } from '../../../src/core/services.js';
import { createDb } from '../../../src/db/knex.js';
import { pushToPartners } from '../../../src/workforce/partners/deliveries/operations/push-to-partners.js';
import { redeliverBatch } from '../../../src/workforce/partners/deliveries/operations/redeliver.js';
import type { AttemptOutcome } from '../../../src/workforce/partners/deliveries/retry-policy.js';
import type { PushRequest, Transport } from '../../../src/workforce/partners/deliveries/transport.js';
import { createTestDb, DIALECTS, type Dialect } from '../../helpers/db.js';
import { createPartner, fakeSleep, lockedJanuary, servicesFor, systemContext } from './fixtures.js';

/** Timers that never fire on their own: the test beats the heartbeat by hand. */
function manualTimers() {
  const beats: Array<() => void> = [];
  const timers: LeaseTimers = {
    setInterval: (fn) => {
      beats.push(fn);
      return beats.length - 1;
    },
    clearInterval: (handle) => {
      beats[handle as number] = () => {};
    },
  };
  return { timers, beat: () => beats.forEach((b) => b()) };
}

const ok: AttemptOutcome = { kind: 'response', status: 200 };
const never: Transport = () => new Promise<AttemptOutcome>(() => {});
const instant = (db: string) => new Date(String(db).replace(' ', 'T') + 'Z').getTime();
const tick = () => new Promise((resolve) => setImmediate(resolve));

async function setup(dialect: Dialect) {
  const tdb = await createTestDb(dialect, { LEASE_SECONDS: '30' });
  const clock = new FixedClock('2026-02-02T04:00:00Z');
  const services = servicesFor(tdb, clock);
  const { org } = await lockedJanuary(tdb.db);
  const partner = await createPartner(tdb.db, { organizationIds: [org.id] });
  const ctx = (transport: Transport, extra: Partial<Services> = {}) =>
    systemContext({ ...services, ...extra } as Services, {
      transport,
      sleep: fakeSleep(clock).sleep,
      timers: manualTimers().timers,
    });
  /** What a push killed mid-batch leaves: its batch pending, claimed for one lease. */
  const crashedRun = async () => {
    let called!: () => void;
    const reached = new Promise<void>((resolve) => (called = resolve));
    const hang: Transport = () => {
      called();
      return never({} as PushRequest, 0);
    };
    void runOperation(pushToPartners, await ctx(hang), {});
    await reached;
    return tdb.db('partner_deliveries').first();
  };
  return { tdb, clock, services, partner, ctx, crashedRun };
}

/**
 * The database of a second daemon. On SQLite it is the same one-connection pool: every ledger write
 * is a short transaction (ledger-steps.ts), and two better-sqlite3 connections in ONE process
 * deadlock the event loop whenever one's BEGIN IMMEDIATE waits (synchronously, busy_timeout) for the
 * other's open transaction; two processes simply queue. One connection interleaves the two runs
 * statement by statement all the same, which is the race these tests are about.
 */
function secondDaemonDb(t: ExecutionContext, tdb: { db: Knex; config: any }, dialect: Dialect): Knex {
  if (dialect === 'sqlite') return tdb.db;
  const otherDb = createDb(tdb.config.database, { poolMax: 5 });
  t.teardown(() => otherDb.destroy());
  return otherDb;
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] a batch is claimed for one lease (LEASE_SECONDS), not for the old 42 minutes`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    const row = await s.crashedRun();
    t.is(row.status, 'pending');
    t.truthy(row.claimed_by);
    t.is(instant(row.claimed_until), s.clock.now().getTime() + 30_000);
  });

  test(`[${dialect}] a run that ends with a batch claimed by a dead run is not ok and names it; after the lease it is taken over`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    const crashed = await s.crashedRun();
    const sent: PushRequest[] = [];
    const receiver: Transport = async (req) => {
      sent.push(req);
      return ok;
    };
    const early = await runOperation(pushToPartners, await s.ctx(receiver), {});
    t.false(early.ok);
    t.is(sent.length, 0);
    t.like(early.undelivered[0], {
      id: Number(crashed.id),
      reason: 'claimed',
      claimed_by: crashed.claimed_by,
    });

    const busy: any = await t.throwsAsync(
      runOperation(redeliverBatch, await s.ctx(receiver), { delivery: String(crashed.id) }),
    );
    t.is(busy.code, 'DELIVERY_BUSY');

    s.clock.advance(30_001); // the dead run's lease lapses
    const late = await runOperation(pushToPartners, await s.ctx(receiver), {});
    t.true(late.ok);
    t.deepEqual(late.undelivered, []);
    t.is(sent.length, 1);
    t.is(sent[0].headers['X-Attendance-Delivery-Id'], crashed.delivery_id);
    const rows = await s.tdb.db('partner_deliveries');
    t.is(rows.length, 1);
    t.like(rows[0], { status: 'delivered', claimed_by: null, claimed_until: null });
  });

  test(`[${dialect}] redeliver takes over a lapsed claim (no DELIVERY_BUSY)`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    const crashed = await s.crashedRun();
    s.clock.advance(30_001);
    const r = await runOperation(redeliverBatch, await s.ctx(async () => ok), {
      delivery: crashed.delivery_id,
    });
    t.true(r.ok);
    t.like(r.delivery, { status: 'delivered', attempts: 1 });
  });

  test(`[${dialect}] the heartbeat renews the lease while an attempt is in flight`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    const { timers, beat } = manualTimers();
    let answer!: (o: AttemptOutcome) => void;
    const slow: Transport = () => new Promise((resolve) => (answer = resolve));
    const ctx = await systemContext(s.services, { transport: slow, sleep: fakeSleep(s.clock).sleep, timers });
    const run = runOperation(pushToPartners, ctx, {});
    while (!answer) await tick();
    s.clock.advance(25_000);
    beat();
    const renewed = s.clock.now().getTime() + 30_000;
    const until = async () => instant((await s.tdb.db('partner_deliveries').first()).claimed_until);
    for (let i = 0; i < 2000 && (await until()) !== renewed; i++) await tick();
    t.is(await until(), renewed);
    // Still held: another run finds it claimed even after the first lease would have lapsed.
    s.clock.advance(10_000);
    const other = await runOperation(pushToPartners, await s.ctx(async () => ok), {});
    t.like(other.undelivered[0], { reason: 'claimed' });
    answer(ok);
    t.true((await run).ok);
  });

  test(`[${dialect}] a run whose claim was taken over stops: it records no attempt over the new holder's`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    const { timers, beat } = manualTimers();
    let answer!: (o: AttemptOutcome) => void;
    const slow: Transport = () => new Promise((resolve) => (answer = resolve));
    const ctx = await systemContext(s.services, { transport: slow, sleep: fakeSleep(s.clock).sleep, timers });
    const run = runOperation(pushToPartners, ctx, {});
    while (!answer) await tick();
    // Stalled past its lease; another run takes the batch over.
    await s.tdb
      .db('partner_deliveries')
      .update({ claimed_by: 'other-run', claimed_until: '2026-02-02 05:00:00.000' });
    beat();
    for (let i = 0; i < 20; i++) await tick();
    answer({ kind: 'response', status: 503 });
    const r = await run;
    t.false(r.ok);
    t.like(r.undelivered[0], { reason: 'claimed', claimed_by: 'other-run' });
    const row = await s.tdb.db('partner_deliveries').first();
    t.like(row, { status: 'pending', attempts: 0, claimed_by: 'other-run' });
  });

  test(`[${dialect}] two push runs racing for a lapsed batch: exactly one delivers it, under one delivery id`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    const crashed = await s.crashedRun();
    s.clock.advance(30_001);
    const otherDb = secondDaemonDb(t, s.tdb, dialect);
    const received: string[] = [];
    const runs: Array<Promise<unknown>> = [];
    // Whichever run reaches the partner first answers only once the other run has finished.
    const gated =
      (mine: number): Transport =>
      async (req) => {
        received.push(req.headers['X-Attendance-Delivery-Id']);
        if (received.length === 1) await runs[1 - mine].catch(() => {});
        return ok;
      };
    const ctxA = await s.ctx(gated(0));
    const ctxB = await s.ctx(gated(1), { db: otherDb });
    runs.push(runOperation(pushToPartners, ctxA, {}), runOperation(pushToPartners, ctxB, {}));
    const [a, b] = (await Promise.all(runs)) as Array<Awaited<ReturnType<typeof pushToPartners.run>>>;
    t.deepEqual(received, [crashed.delivery_id]);
    t.deepEqual([a.delivered_batches + b.delivered_batches], [1]);
    const loser = a.delivered_batches ? b : a;
    t.false(loser.ok);
    t.like(loser.undelivered[0], { id: Number(crashed.id), reason: 'claimed' });
    const rows = await s.tdb.db('partner_deliveries');
    t.is(rows.length, 1);
    t.like(rows[0], { status: 'delivered', attempts: 1, delivery_id: crashed.delivery_id });
  });

  test(`[${dialect}] two redeliveries racing for a dead batch: exactly one delivers it`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    await runOperation(pushToPartners, await s.ctx(async () => ({ kind: 'response', status: 500 })), {});
    const dead = await s.tdb.db('partner_deliveries').first();
    t.is(dead.status, 'dead');
    const otherDb = secondDaemonDb(t, s.tdb, dialect);
    const received: string[] = [];
    const runs: Array<Promise<unknown>> = [];
    const gated =
      (mine: number): Transport =>
      async (req) => {
        received.push(req.headers['X-Attendance-Delivery-Id']);
        if (received.length === 1) await runs[1 - mine].catch(() => {});
        return ok;
      };
    const ctxA = await s.ctx(gated(0));
    const ctxB = await s.ctx(gated(1), { db: otherDb });
    runs.push(
      runOperation(redeliverBatch, ctxA, { all_dead: true }),
      runOperation(redeliverBatch, ctxB, { delivery: String(dead.id) }),
    );
    const outcomes = await Promise.allSettled(runs);
    t.deepEqual(received, [dead.delivery_id]);
    const row = await s.tdb.db('partner_deliveries').first();
    t.like(row, { status: 'delivered', attempts: 6, delivery_id: dead.delivery_id });
    // The loser was refused (busy) or found nothing dead left to send.
    const codes = outcomes.map((o) =>
      o.status === 'rejected' ? (o.reason as any).code : (o.value as any).deliveries.length ? 'sent' : 'none',
    );
    t.true(codes.includes('sent'), String(codes));
    t.true(
      codes.some((c) => c === 'DELIVERY_BUSY' || c === 'none' || c === 'ALREADY_DELIVERED'),
      String(codes),
    );
    t.is(
      await s.tdb
        .db('partner_deliveries')
        .count({ n: '*' })
        .first()
        .then((r: any) => Number(r.n)),
      1,
    );
  });
}
