// The retry rules of the push, with nock as the partner and an injected sleep that moves the test
// clock instead of waiting: 5xx then 2xx, Retry-After in seconds and as an HTTP date, 4xx final,
// five attempts then failed, network errors and timeouts, and redelivery of a failed batch.
import test from 'ava';
import nock from 'nock';
import { runOperation } from '../../../src/core/operation.js';
import { listDeliveries } from '../../../src/workforce/partners/deliveries/operations/list-deliveries.js';
import { pushToPartners } from '../../../src/workforce/partners/deliveries/operations/push-to-partners.js';
import { redeliverBatch } from '../../../src/workforce/partners/deliveries/operations/redeliver.js';
import { gotTransport, type Transport } from '../../../src/workforce/partners/deliveries/transport.js';
import { retryAfterMs, waitBeforeRetryMs } from '../../../src/workforce/partners/deliveries/retry-policy.js';
import { createTestDb, DIALECTS, type Dialect } from '../../helpers/db.js';
import {
  createPartner,
  fakeSleep,
  insertAttendance,
  lockFixture,
  lockedJanuary,
  servicesFor,
  systemContext,
  unlockFixture,
} from './fixtures.js';

nock.disableNetConnect();

let hosts = 0;

/** One organization with a locked month of 4 records, linked to a fresh partner at its own host. */
async function setup(dialect: Dialect, env: Record<string, string> = {}) {
  const n = ++hosts;
  const tdb = await createTestDb(dialect, env);
  const services = servicesFor(tdb);
  const { org, lockId } = await lockedJanuary(tdb.db, { code: `R${n}` });
  const host = `https://retry-${dialect}-${n}.example.test`;
  const partner = await createPartner(tdb.db, { url: `${host}/in`, organizationIds: [org.id] });
  const endpoint = () => nock(host).post('/in/attendance/daily');
  const sleeper = fakeSleep(services.clock);
  const ctx = await systemContext(services, { sleep: sleeper.sleep });
  return { tdb, services, org, lockId, partner, endpoint, sleeper, ctx };
}

const ledger = async (s: Awaited<ReturnType<typeof setup>>) =>
  (await s.tdb.db('partner_deliveries').orderBy('id')).map((r) => ({
    status: r.status,
    attempts: Number(r.attempts),
    response_code: r.response_code === null ? null : Number(r.response_code),
    last_error: r.last_error,
  }));

test('Retry-After is read as seconds or as an HTTP date, relative to the given clock', (t) => {
  const now = new Date('2026-02-02T04:00:00Z');
  t.is(retryAfterMs('120', now), 120_000);
  t.is(retryAfterMs('Mon, 02 Feb 2026 04:01:30 GMT', now), 90_000);
  t.is(retryAfterMs('Mon, 02 Feb 2026 03:00:00 GMT', now), 0); // in the past: retry now
  t.is(retryAfterMs('soon', now), null);
  t.is(retryAfterMs('-5', now), null);
  t.is(retryAfterMs(undefined, now), null);
  // Without Retry-After the backoff doubles: 2 s, 4 s, 8 s, 16 s.
  const err = { kind: 'response' as const, status: 503 };
  t.deepEqual(
    [1, 2, 3, 4].map((n) => waitBeforeRetryMs(err, n, now)),
    [2000, 4000, 8000, 16000],
  );
});

for (const dialect of DIALECTS) {
  test(`[${dialect}] a 5xx is retried with backoff and a later 2xx delivers`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    const scope = s
      .endpoint()
      .reply(503, 'down')
      .post('/in/attendance/daily')
      .reply(502)
      .post('/in/attendance/daily')
      .reply(202);
    const result = await runOperation(pushToPartners, s.ctx, {});
    t.true(scope.isDone());
    t.true(result.ok);
    t.deepEqual(s.sleeper.waits, [2000, 4000]);
    t.deepEqual(await ledger(s), [
      { status: 'delivered', attempts: 3, response_code: 202, last_error: null },
    ]);
  });

  test(`[${dialect}] Retry-After in seconds is waited for (429)`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    s.endpoint().reply(429, 'slow down', { 'Retry-After': '7' });
    const ok = s.endpoint().reply(200);
    const result = await runOperation(pushToPartners, s.ctx, {});
    t.true(ok.isDone());
    t.true(result.ok);
    t.deepEqual(s.sleeper.waits, [7000]);
    t.deepEqual(await ledger(s), [
      { status: 'delivered', attempts: 2, response_code: 200, last_error: null },
    ]);
  });

  test(`[${dialect}] Retry-After as an HTTP date is waited for, measured on the injected clock`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    const at = new Date(s.services.clock.now().getTime() + 90_000).toUTCString();
    s.endpoint().reply(503, 'maintenance', { 'Retry-After': at });
    const stamps: string[] = [];
    s.endpoint().reply(function () {
      stamps.push(String(this.req.headers['x-attendance-signature']));
      return [200, 'ok'];
    });
    const result = await runOperation(pushToPartners, s.ctx, {});
    t.true(result.ok);
    t.deepEqual(s.sleeper.waits, [90_000]);
    // The retry is signed afresh at the later time.
    t.regex(stamps[0], new RegExp(`^t=${Math.floor(s.services.clock.now().getTime() / 1000)},`));
  });

  test(`[${dialect}] a 400 is not retried: the batch fails at once and is listed`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    const scope = s.endpoint().reply(400, { error: 'unknown employee' });
    const result = await runOperation(pushToPartners, s.ctx, {});
    t.true(scope.isDone());
    t.false(result.ok);
    t.deepEqual(s.sleeper.waits, []);
    t.is(result.failed_batches, 1);
    t.like(result.failures[0], {
      partner: s.partner.name,
      month: '2026-01',
      attempts: 1,
      response_code: 400,
    });
    t.regex(result.failures[0].last_error!, /^HTTP 400/);
    t.deepEqual(await ledger(s), [
      {
        status: 'failed',
        attempts: 1,
        response_code: 400,
        last_error: 'HTTP 400: {"error":"unknown employee"}',
      },
    ]);
  });

  test(`[${dialect}] five failed attempts mark the batch dead; deliveries --failed lists it; redeliver sends it`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    const scope = s.endpoint().times(5).reply(500, 'boom');
    const result = await runOperation(pushToPartners, s.ctx, {});
    t.true(scope.isDone());
    t.false(result.ok);
    t.deepEqual(s.sleeper.waits, [2000, 4000, 8000, 16000]);
    t.deepEqual(await ledger(s), [
      { status: 'dead', attempts: 5, response_code: 500, last_error: 'HTTP 500: boom' },
    ]);

    const failed = await runOperation(listDeliveries, s.ctx, { failed: true });
    t.is(failed.data.length, 1);
    t.like(failed.data[0], { status: 'dead', attempts: 5, lock_current: true, record_count: 4 });

    const bodies: string[] = [];
    const ids: string[] = [];
    s.endpoint().reply(function (_u, body) {
      bodies.push(typeof body === 'string' ? body : JSON.stringify(body));
      ids.push(String(this.req.headers['x-attendance-delivery-id']));
      return [200, 'ok'];
    });
    const again = await runOperation(redeliverBatch, s.ctx, { delivery: String(failed.data[0].id) });
    t.true(again.ok);
    t.is(ids[0], failed.data[0].delivery_id);
    t.is(JSON.parse(bodies[0]).length, 4);
    t.like(again.delivery, { status: 'delivered', attempts: 6, response_code: 200 });
    t.like(again, { ok: true, attempts_this_run: 1 });
    t.deepEqual((await runOperation(listDeliveries, s.ctx, { failed: true })).data, []);
    // Delivered now: a redelivery is refused, and nothing is due any more.
    const refused = await t.throwsAsync(
      runOperation(redeliverBatch, s.ctx, { delivery: failed.data[0].delivery_id }),
    );
    t.is((refused as any).code, 'ALREADY_DELIVERED');
    t.deepEqual((await runOperation(pushToPartners, s.ctx, {})).items, []);
  });

  test(`[${dialect}] a failed batch is due again on the next push; unlocked, it can no longer be redelivered`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    s.endpoint().reply(422, 'no');
    t.false((await runOperation(pushToPartners, s.ctx, {})).ok);
    s.endpoint().reply(200);
    const next = await runOperation(pushToPartners, s.ctx, {});
    t.true(next.ok);
    t.deepEqual(await ledger(s), [
      { status: 'delivered', attempts: 2, response_code: 200, last_error: null },
    ]);

    const s2 = await setup(dialect);
    t.teardown(s2.tdb.destroy);
    s2.endpoint().reply(400);
    await runOperation(pushToPartners, s2.ctx, {});
    await unlockFixture(s2.tdb.db, s2.lockId);
    const [row] = await s2.tdb.db('partner_deliveries');
    const gone = await t.throwsAsync(runOperation(redeliverBatch, s2.ctx, { delivery: row.delivery_id }));
    t.is((gone as any).code, 'LOCK_GONE');
    t.false((await runOperation(listDeliveries, s2.ctx, { failed: true })).data[0].lock_current);
    const missing = await t.throwsAsync(runOperation(redeliverBatch, s2.ctx, { delivery: '999999' }));
    t.is((missing as any).status, 404);
  });

  test(`[${dialect}] network errors and timeouts are retried`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    // An Error, not a plain object: nock 14 never settles a request answered with a plain object, so
    // the first attempt was a 10 s timeout rather than the reset it claimed to be (nock#2829).
    s.endpoint().replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    s.endpoint().delay(2_000).reply(200, 'too late');
    s.endpoint().reply(200, 'ok');
    // Only the second attempt has a short timeout (100 ms, against a reply 2 s away): the others
    // have 10 s, so a slow machine cannot turn an immediate answer into a timeout. Longer delays and
    // timeouts (a minute each) kept timers alive that held the file's worker for a minute after its
    // tests had finished.
    let attempt = 0;
    const outcomes: string[] = [];
    const transport: Transport = async (request) => {
      const outcome = await gotTransport(request, ++attempt === 2 ? 100 : 10_000);
      outcomes.push(outcome.kind === 'error' ? `${outcome.code}` : `${outcome.status}`);
      return outcome;
    };
    const ctx = await systemContext(s.services, { sleep: s.sleeper.sleep, transport });
    const result = await runOperation(pushToPartners, ctx, {});
    t.true(result.ok);
    // A reset, then a timeout, then the answer.
    t.deepEqual(outcomes, ['ECONNRESET', 'ETIMEDOUT', '200']);
    t.deepEqual(s.sleeper.waits, [2000, 4000]);
    t.deepEqual(await ledger(s), [
      { status: 'delivered', attempts: 3, response_code: 200, last_error: null },
    ]);
  });

  test(`[${dialect}] a Retry-After longer than the push waits fails the batch now, due on the next run`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    s.endpoint().reply(503, 'later', { 'Retry-After': '7200' });
    const result = await runOperation(pushToPartners, s.ctx, {});
    t.false(result.ok);
    t.deepEqual(s.sleeper.waits, []);
    const [row] = await ledger(s);
    t.like(row, { status: 'failed', attempts: 1, response_code: 503 });
    t.regex(row.last_error!, /Retry-After of 7200 s/);
  });

  test(`[${dialect}] a partner that is down is not tried again for its other months in the same run`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    const { org } = s;
    const unit = await s.tdb.db('organization_units').where({ organization_id: org.id }).first('id');
    const emps = await s.tdb.db('employees').where({ organization_id: org.id }).pluck('id');
    await insertAttendance(s.tdb.db, {
      organizationId: org.id,
      unitId: unit.id,
      employeeIds: emps,
      month: '2026-02',
      days: 1,
    });
    await lockFixture(s.tdb.db, { organizationId: org.id, month: '2026-02' });
    const scope = s.endpoint().times(5).reply(503);
    const result = await runOperation(pushToPartners, s.ctx, {});
    t.true(scope.isDone());
    t.false(result.ok);
    t.deepEqual(
      result.items.map((i) => [i.month, i.failed_batches, i.skipped ?? null]),
      [
        ['2026-01', 1, null],
        ['2026-02', 0, 'partner unavailable earlier in this run'],
      ],
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
