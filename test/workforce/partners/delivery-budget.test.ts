// Issue 13 (4): five attempts with backoff are a batch's lifetime budget. After the fifth failure the
// batch is `dead`: no later run sends it, `deliveries --failed` lists it with its last error, and
// only `redeliver ID` / `--all-dead` gives it a fresh budget. A run that ends with any batch
// undelivered is not ok and names them; the nightly job's slot fails with how many died.
import test from 'ava';
import nock from 'nock';
import { runOperation } from '../../../src/core/operation.js';
import { fireScheduledJob } from '../../../src/tasks.js';
import { listDeliveries } from '../../../src/workforce/partners/deliveries/operations/list-deliveries.js';
import { pushToPartners } from '../../../src/workforce/partners/deliveries/operations/push-to-partners.js';
import { redeliverBatch } from '../../../src/workforce/partners/deliveries/operations/redeliver.js';
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

async function setup(dialect: Dialect) {
  const n = ++hosts;
  const tdb = await createTestDb(dialect);
  const services = servicesFor(tdb);
  const { org, unit, employees, lockId } = await lockedJanuary(tdb.db, { code: `B${n}` });
  const host = `https://budget-${dialect}-${n}.example.test`;
  const partner = await createPartner(tdb.db, { url: `${host}/in`, organizationIds: [org.id] });
  const endpoint = () => nock(host).post('/in/attendance/daily');
  const sleeper = fakeSleep(services.clock);
  const ctx = await systemContext(services, { sleep: sleeper.sleep });
  const ledger = async () =>
    (await tdb.db('partner_deliveries').orderBy('id')).map((r) => ({
      status: r.status,
      attempts: Number(r.attempts),
      response_code: r.response_code === null ? null : Number(r.response_code),
    }));
  return { tdb, services, org, unit, employees, lockId, partner, host, endpoint, sleeper, ctx, ledger };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] five failures in one run make the batch dead; later runs never send it again`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    const scope = s.endpoint().times(5).reply(500, 'boom');
    const first = await runOperation(pushToPartners, s.ctx, {});
    t.true(scope.isDone());
    t.false(first.ok);
    t.is(first.dead_batches, 1);
    t.deepEqual(await s.ledger(), [{ status: 'dead', attempts: 5, response_code: 500 }]);
    t.like(first.undelivered[0], {
      status: 'dead',
      reason: 'dead',
      attempts: 5,
      last_error: 'HTTP 500: boom',
    });

    // No interceptor is left: a request would fail the test (nock refuses it, and attempts grow).
    const second = await runOperation(pushToPartners, s.ctx, {});
    t.false(second.ok); // still undelivered: named, so cron mails again
    t.is(second.dead_batches, 0); // none died in this run
    t.is(second.delivered_batches + second.failed_batches, 0);
    t.deepEqual(
      second.undelivered.map((u) => [u.id, u.reason]),
      [[first.undelivered[0].id, 'dead']],
    );
    t.deepEqual(await s.ledger(), [{ status: 'dead', attempts: 5, response_code: 500 }]);
  });

  test(`[${dialect}] the budget spans runs: a refusal per run, the fifth makes it dead`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    for (let run = 1; run <= 4; run++) {
      s.endpoint().reply(400, 'unknown employee');
      const r = await runOperation(pushToPartners, s.ctx, {});
      t.false(r.ok);
      t.is(r.dead_batches, 0);
      t.like(r.undelivered[0], { status: 'failed', reason: 'failed', attempts: run });
    }
    // A 503 on the fifth attempt is not retried within the run: the budget is spent.
    const last = s.endpoint().reply(503);
    const fifth = await runOperation(pushToPartners, s.ctx, {});
    t.true(last.isDone());
    t.is(fifth.dead_batches, 1);
    t.deepEqual(s.sleeper.waits, []);
    t.deepEqual(await s.ledger(), [{ status: 'dead', attempts: 5, response_code: 503 }]);
    const sixth = await runOperation(pushToPartners, s.ctx, {});
    t.is(sixth.failed_batches, 0);
    t.deepEqual(await s.ledger(), [{ status: 'dead', attempts: 5, response_code: 503 }]);
  });

  test(`[${dialect}] deliveries --failed lists dead and failed batches with their last error`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    s.endpoint().times(5).reply(502, 'bad gateway');
    await runOperation(pushToPartners, s.ctx, {});
    // A second lock that fails once (a refusal): failed, budget left.
    await insertAttendance(s.tdb.db, {
      organizationId: s.org.id,
      unitId: s.unit.id,
      employeeIds: s.employees.map((e) => e.id),
      month: '2026-02',
      days: 1,
    });
    await lockFixture(s.tdb.db, { organizationId: s.org.id, month: '2026-02' });
    s.endpoint().reply(409, 'conflict');
    await runOperation(pushToPartners, s.ctx, { month: '2026-02' });
    const failed = await runOperation(listDeliveries, s.ctx, { failed: true });
    t.deepEqual(
      failed.data.map((d) => [d.month, d.status, d.response_code, d.last_error, d.attempts_left]),
      [
        ['2026-02', 'failed', 409, 'HTTP 409: conflict', 4],
        ['2026-01', 'dead', 502, 'HTTP 502: bad gateway', 0],
      ],
    );
  });

  test(`[${dialect}] redeliver ID gives a dead batch a fresh budget of five attempts`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    s.endpoint().times(5).reply(500);
    await runOperation(pushToPartners, s.ctx, {});
    const [row] = await s.tdb.db('partner_deliveries');
    s.sleeper.waits.length = 0;
    const again = s.endpoint().times(5).reply(503);
    const r = await runOperation(redeliverBatch, s.ctx, { delivery: String(row.id) });
    t.true(again.isDone());
    t.false(r.ok);
    t.deepEqual(s.sleeper.waits, [2000, 4000, 8000, 16000]);
    t.like(r.delivery, { status: 'dead', attempts: 10, attempts_left: 0 });
    s.endpoint().reply(200);
    const ok = await runOperation(redeliverBatch, s.ctx, { delivery: row.delivery_id });
    t.true(ok.ok);
    t.like(ok.delivery, { status: 'delivered', attempts: 11 });
    t.true((await runOperation(pushToPartners, s.ctx, {})).ok);
  });

  test(`[${dialect}] redeliver --all-dead sends every dead batch of a current lock; gone locks are skipped`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    await insertAttendance(s.tdb.db, {
      organizationId: s.org.id,
      unitId: s.unit.id,
      employeeIds: s.employees.map((e) => e.id),
      month: '2026-02',
      days: 1,
    });
    const febLock = await lockFixture(s.tdb.db, { organizationId: s.org.id, month: '2026-02' });
    s.endpoint().times(5).reply(500);
    await runOperation(pushToPartners, s.ctx, { month: '2026-01' });
    s.endpoint().times(5).reply(500);
    await runOperation(pushToPartners, s.ctx, { month: '2026-02' });
    t.deepEqual(
      (await s.ledger()).map((r) => r.status),
      ['dead', 'dead'],
    );
    await unlockFixture(s.tdb.db, febLock);

    const ids: string[] = [];
    s.endpoint().reply(function () {
      ids.push(String(this.req.headers['x-attendance-delivery-id']));
      return [200, 'ok'];
    });
    const r = await runOperation(redeliverBatch, s.ctx, { all_dead: true });
    t.true(r.ok);
    const rows = await s.tdb.db('partner_deliveries').orderBy('id');
    t.deepEqual(ids, [rows[0].delivery_id]);
    t.deepEqual(
      r.deliveries.map((d) => [d.id, d.status]),
      [[Number(rows[0].id), 'delivered']],
    );
    t.deepEqual(r.skipped, [{ id: Number(rows[1].id), code: 'LOCK_GONE', reason: r.skipped[0]?.reason }]);
    t.deepEqual(
      (await s.ledger()).map((x) => x.status),
      ['delivered', 'dead'],
    );
  });

  test(`[${dialect}] redeliver needs exactly one of ID and --all-dead (422 naming the field)`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    for (const input of [{}, { delivery: '1', all_dead: true }]) {
      const err: any = await t.throwsAsync(runOperation(redeliverBatch, s.ctx, input));
      t.is(err.status, 422);
      t.deepEqual(Object.keys(err.errors), ['delivery']);
    }
    const none = await runOperation(redeliverBatch, s.ctx, { all_dead: true });
    t.true(none.ok);
    t.deepEqual(none.deliveries, []);
  });

  test(`[${dialect}] the nightly job's slot fails and its log line says how many batches died`, async (t) => {
    const s = await setup(dialect);
    t.teardown(s.tdb.destroy);
    const lines: Array<[string, Record<string, unknown> | undefined]> = [];
    const logger = {
      ...s.services.logger,
      error: (msg: string, fields?: Record<string, unknown>) => lines.push([msg, fields]),
    };
    // A refusal five times over: the nightly run must not wait in real time, so 4xx (no backoff).
    await s.tdb.db('partner_deliveries').insert({
      delivery_id: '00000000-0000-4000-8000-000000000001',
      partner_id: s.partner.id,
      organization_id: s.org.id,
      month: '2026-01',
      lock_id: s.lockId,
      batch_index: 0,
      first_attendance_id: 1,
      last_attendance_id: 999999,
      record_count: 4,
      is_last: true,
      status: 'failed',
      attempts: 4,
      budget_used: 4,
      created_at: '2026-02-01 04:00:00.000',
      updated_at: '2026-02-01 04:00:00.000',
    });
    s.endpoint().reply(400, 'no');
    const [outcome] = await fireScheduledJob({ ...s.services, logger } as any, 'partner-push');
    t.is(outcome.outcome, 'failed');
    t.regex(outcome.error!, /1 batch\(es\) died in this run/);
    t.regex(outcome.error!, /delivery \d+ \(dead\)/);
    const logged = lines.find(([m]) => m === 'partner push left batches undelivered');
    t.truthy(logged);
    t.like(logged![1], { dead_batches: 1, undelivered_batches: 1 });
    const [run] = await s.tdb.db('scheduler_runs').where({ job: 'partner-push' });
    t.is(run.status, 'failed');
  });
}
