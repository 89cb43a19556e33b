// Partners hear of an approved correction (issue 28): the next push sends a signed correction batch
// holding only the corrected day, under its own delivery id and naming the original lock; a batch
// the partner refused is sent again by the next push under the same delivery id (the ledger's
// rules), and once delivered nothing more is owed.
import test from 'ava';
import nock from 'nock';
import { runOperation } from '../../../../src/core/operation.js';
import { listDeliveries } from '../../../../src/workforce/partners/deliveries/operations/list-deliveries.js';
import { pushToPartners } from '../../../../src/workforce/partners/deliveries/operations/push-to-partners.js';
import { redeliverBatch } from '../../../../src/workforce/partners/deliveries/operations/redeliver.js';
import { verifySignature } from '../../../../src/workforce/partners/signature.js';
import { bootApp } from '../../../helpers/app.js';
import { DIALECTS } from '../../../helpers/db.js';
import { createPartner, fakeSleep, systemContext } from '../../partners/fixtures.js';
import { BASE, correctionWorld } from './fixtures.js';

nock.disableNetConnect();
// The test talks to its own daemon over HTTP; only the partner is faked.
nock.enableNetConnect(/127\.0\.0\.1|localhost/);

interface Received {
  headers: Record<string, unknown>;
  body: string;
}

function endpoint(host: string, received: Received[], status: number) {
  return nock(host)
    .post('/hooks/attendance/daily')
    .reply(function (_uri, body) {
      received.push({
        headers: this.req.headers,
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return [status, { received: status < 300 }];
    });
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] the next push sends only the corrected day, signed, naming the lock`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const w = await correctionWorld(app);
    const host = `https://corrections-${dialect}.example.test`;
    await createPartner(db, { url: `${host}/hooks`, secret: 'whsec_corr', organizationIds: [w.org.id] });
    const push = async (input: Record<string, unknown> = {}) =>
      runOperation(pushToPartners, await systemContext(app.services, fakeSleep(app.clock)), input);
    const received: Received[] = [];

    endpoint(host, received, 200);
    t.true((await push()).ok);
    t.is(JSON.parse(received[0].body).length, 6, 'the locked month, once');

    const filed = await app.workforce.post(
      BASE,
      { date: '2026-01-03', check_out: '2026-01-03T19:00:00Z', reason: 'stock count' },
      { token: w.employeeUser.token },
    );
    const approved = await app.workforce.post(`${BASE}/${filed.body.id}/approve`, {}, { token: w.hr.token });
    t.is(approved.status, 200, approved.text);

    const plan = await push({ dry_run: true });
    t.like(plan.items[0], {
      correction_request_id: filed.body.id,
      lock_id: w.lockId,
      records: 1,
      batches: 1,
    });

    // Refused first (422: not retried in this run), then sent again by the next push.
    endpoint(host, received, 422);
    const refused = await push();
    t.false(refused.ok);
    t.is(refused.failed_batches, 1);
    t.is(refused.undelivered.length, 1);
    endpoint(host, received, 200);
    const sent = await push();
    t.true(sent.ok, JSON.stringify(sent));
    t.like(sent.items[0], { correction_request_id: filed.body.id, lock_id: w.lockId, delivered_batches: 1 });

    t.is(received.length, 3);
    const [lockBatch, first, second] = received;
    t.deepEqual(JSON.parse(second.body), [
      {
        employee_id: w.employee.code,
        organization_code: 'CRQ',
        unit_code: 'MAIN',
        date: '2026-01-03',
        status: 'present',
        check_in: '09:00:00Z',
        check_out: '19:00:00Z',
        worked_minutes: 600,
        flags: ['LATE_CHECK_IN', 'REGULARIZED', 'CORRECTED_AFTER_LOCK'],
      },
    ]);
    t.is(first.body, second.body);
    t.is(second.headers['x-attendance-batch-kind'], 'correction');
    t.is(second.headers['x-attendance-lock-id'], String(w.lockId));
    t.is(second.headers['x-attendance-correction-request-id'], String(filed.body.id));
    t.is(lockBatch.headers['x-attendance-batch-kind'], undefined);
    t.is(first.headers['x-attendance-delivery-id'], second.headers['x-attendance-delivery-id']);
    t.not(second.headers['x-attendance-delivery-id'], lockBatch.headers['x-attendance-delivery-id']);
    t.true(
      verifySignature({
        secret: 'whsec_corr',
        header: String(second.headers['x-attendance-signature']),
        body: second.body,
        now: app.clock.now(),
      }).valid,
    );
    const ledger = await db('partner_deliveries').where({ correction_request_id: filed.body.id });
    t.is(ledger.length, 1);
    t.like(ledger[0], { status: 'delivered', lock_id: w.lockId, record_count: 1, attempts: 2 });

    // Nothing more is owed: no request reaches the partner (nock would refuse it).
    t.deepEqual((await push()).items, []);
  });

  test(`[${dialect}] a dead correction batch is listed as one and redelivered as one`, async (t) => {
    const app = await bootApp(dialect);
    t.teardown(app.close);
    const { db } = app.services;
    const w = await correctionWorld(app);
    const host = `https://corrections-dead-${dialect}.example.test`;
    await createPartner(db, { url: `${host}/hooks`, organizationIds: [w.org.id] });
    const ctx = async () => systemContext(app.services, fakeSleep(app.clock));
    const received: Received[] = [];
    endpoint(host, received, 200);
    t.true((await runOperation(pushToPartners, await ctx(), {})).ok);

    const filed = await app.workforce.post(
      BASE,
      { date: '2026-01-01', check_in: '2026-01-01T08:00:00Z', reason: 'reader down' },
      { token: w.employeeUser.token },
    );
    await app.workforce.post(`${BASE}/${filed.body.id}/approve`, {}, { token: w.hr.token });
    // Five refusals spend the batch's budget: it is dead, and no later push sends it.
    nock(host).post('/hooks/attendance/daily').times(5).reply(503, 'down');
    const spent = await runOperation(pushToPartners, await ctx(), {});
    t.is(spent.dead_batches, 1, JSON.stringify(spent));
    t.deepEqual(
      (await runOperation(pushToPartners, await ctx(), { dry_run: true })).items.map((i) => i.records),
      [0],
    );
    const listed = await runOperation(listDeliveries, await ctx(), { failed: true });
    t.like(listed.data[0], { status: 'dead', correction_request_id: filed.body.id, lock_id: w.lockId });

    endpoint(host, received, 200);
    const again = await runOperation(redeliverBatch, await ctx(), { delivery: String(listed.data[0].id) });
    t.true(again.ok);
    const last = received[received.length - 1];
    t.is(last.headers['x-attendance-batch-kind'], 'correction');
    t.is(last.headers['x-attendance-delivery-id'], listed.data[0].delivery_id);
    t.deepEqual(
      JSON.parse(last.body).map((r: any) => [r.date, r.check_in]),
      [['2026-01-01', '08:00:00Z']],
    );
  });
}
