// The payment gateway: 503 without keys, order creation at the gateway (nock), 409 on closed
// invoices, verify with good and bad signatures, the signed webhook (captured, failed, bad signature,
// wrong shape), idempotent capture also when verify and the webhook race, and 500 on handler failure.
import test from 'ava';
import nock from 'nock';
import { hmacSha256Hex } from '../../../src/core/crypto.js';
import { DIALECTS, type Dialect } from '../../helpers/db.js';
import { createInvoice, GATEWAY_ENV, recordCounts, world, type World } from './fixtures.js';

nock.disableNetConnect();
nock.enableNetConnect(/127\.0\.0\.1|localhost/);

let hosts = 0;

async function gatewayWorld(dialect: Dialect, env: Record<string, string> = {}) {
  const host = `https://gw-${dialect}-${process.pid}-${++hosts}.example.test`;
  const w = await world(dialect, { ...GATEWAY_ENV, GATEWAY_API_URL: `${host}/v1`, ...env });
  const invoice = await createInvoice(w, { total: 500, payment_amount: 200.5, payment_method: 'cash' });
  return { ...w, host, invoice };
}
type GW = Awaited<ReturnType<typeof gatewayWorld>>;

function gatewayAnswers(g: GW, id: string, expectBody?: Record<string, unknown>) {
  return nock(g.host)
    .post('/v1/orders', expectBody as any)
    .basicAuth({ user: GATEWAY_ENV.GATEWAY_KEY_ID, pass: GATEWAY_ENV.GATEWAY_KEY_SECRET })
    .reply(200, { id, entity: 'order', status: 'created' });
}

const orderPath = (invoiceId: number) => `/api/v1/owner/me/invoices/${invoiceId}/gateway/order`;
const verifyPath = (invoiceId: number) => `/api/v1/owner/me/invoices/${invoiceId}/gateway/verify`;
const sign = (order: string, payment: string) =>
  hmacSha256Hex(GATEWAY_ENV.GATEWAY_KEY_SECRET, `${order}|${payment}`);

async function order(g: GW, id = 'order_A1') {
  const scope = gatewayAnswers(g, id);
  const res = await g.app.clinic.post(orderPath(g.invoice.id), undefined, { token: g.owner.token });
  if (res.status !== 200) throw new Error(`order: ${res.status} ${res.text}`);
  scope.done();
  return id;
}

function webhook(w: World, body: unknown, signature?: string) {
  const raw = JSON.stringify(body);
  return w.app.clinic.request('POST', '/api/v1/webhooks/gateway', {
    raw,
    headers: { 'X-Gateway-Signature': signature ?? hmacSha256Hex(GATEWAY_ENV.GATEWAY_WEBHOOK_SECRET, raw) },
  });
}

const captured = (paymentId: string, orderId: string, amount: number, event = 'payment.captured') => ({
  event,
  payload: {
    payment: { entity: { id: paymentId, order_id: orderId, amount, currency: 'INR', status: 'captured' } },
  },
});

for (const dialect of DIALECTS) {
  test(`[${dialect}] without gateway keys the order and verify answer 503, the webhook without its secret too`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const invoice = await createInvoice(w, { total: 10 });
    const o = await w.app.clinic.post(orderPath(invoice.id), undefined, { token: w.owner.token });
    t.is(o.status, 503);
    t.is(o.body.code, 'GATEWAY_NOT_CONFIGURED');
    const v = await w.app.clinic.post(
      verifyPath(invoice.id),
      { gateway_order_id: 'o', gateway_payment_id: 'p', gateway_signature: 's' },
      { token: w.owner.token },
    );
    t.is(v.status, 503);
    // The endpoint is unusable whatever is sent: 503 comes before the body is looked at.
    const empty = await w.app.clinic.post(verifyPath(invoice.id), {}, { token: w.owner.token });
    t.is(empty.status, 503);
    t.is(empty.body.code, 'GATEWAY_NOT_CONFIGURED');
    t.is((await webhook(w, captured('pay_1', 'o', 100), 'x')).status, 503);
    t.is((await webhook(w, { not: 'a webhook' }, 'x')).status, 503);
    // Authentication still comes first: no token is a 401, not a hint about the configuration.
    t.is((await w.app.clinic.post(verifyPath(invoice.id), {})).status, 401);
  });

  test(`[${dialect}] a gateway order for the balance: basic auth, minor units, the checkout fields`, async (t) => {
    const g = await gatewayWorld(dialect);
    t.teardown(g.app.close);
    const scope = gatewayAnswers(g, 'order_XYZ', {
      amount: 29950,
      currency: 'INR',
      receipt: `invoice-${g.invoice.id}`,
    });
    const res = await g.app.clinic.post(orderPath(g.invoice.id), undefined, { token: g.owner.token });
    t.is(res.status, 200);
    scope.done();
    t.deepEqual(res.body.data, {
      invoice_id: g.invoice.id,
      key: GATEWAY_ENV.GATEWAY_KEY_ID,
      order_id: 'order_XYZ',
      amount: 29950,
      currency: 'INR',
      name: g.admin.tenant.name,
      description: `Invoice #${g.invoice.id}`,
      prefill: { name: 'Olive Owner', email: g.owner.email, contact: null },
    });
    const row = await g.db('gateway_orders').where('provider_order_id', 'order_XYZ').first();
    t.is(Number(row.invoice_id), g.invoice.id);
    t.is(Number(row.amount_minor), 29950);

    t.is(
      (await g.app.clinic.post(orderPath(g.invoice.id), undefined, { token: g.otherOwner.token })).status,
      404,
    );
    nock(g.host).post('/v1/orders').reply(500, { error: 'down' });
    const before = await recordCounts(g.db);
    const failed = await g.app.clinic.post(orderPath(g.invoice.id), undefined, { token: g.owner.token });
    t.is(failed.status, 502);
    t.is(failed.body.code, 'GATEWAY_ERROR');
    t.deepEqual(await recordCounts(g.db), before);
  });

  test(`[${dialect}] no gateway order for a paid, voided or estimate invoice (409)`, async (t) => {
    const g = await gatewayWorld(dialect);
    t.teardown(g.app.close);
    const paid = await createInvoice(g, { total: 5, payment_amount: 5, payment_method: 'cash' });
    const estimate = await createInvoice(g, { total: 5, status: 'estimate' });
    const voided = await createInvoice(g, { total: 5 });
    await g.db('invoices').where('id', voided.id).update({ status: 'voided' });
    for (const inv of [paid, estimate, voided]) {
      const res = await g.app.clinic.post(orderPath(inv.id), undefined, { token: g.owner.token });
      t.is(res.status, 409, inv.status);
      t.is(res.body.code, 'INVOICE_NOT_PAYABLE');
    }
    t.is(
      await g
        .db('gateway_orders')
        .count({ n: '*' })
        .first()
        .then((r) => Number(r?.n)),
      0,
    );
  });

  test(`[${dialect}] verify: a bad signature or a foreign order is a 422; a good one records the payment once`, async (t) => {
    const g = await gatewayWorld(dialect);
    t.teardown(g.app.close);
    const orderId = await order(g);
    const before = await recordCounts(g.db);
    const verify = (body: Record<string, unknown>, token = g.owner.token) =>
      g.app.clinic.post(verifyPath(g.invoice.id), body, { token });
    const missing = await verify({});
    t.deepEqual(Object.keys(missing.body.errors).sort(), [
      'gateway_order_id',
      'gateway_payment_id',
      'gateway_signature',
    ]);
    const bad = await verify({
      gateway_order_id: orderId,
      gateway_payment_id: 'pay_1',
      gateway_signature: sign(orderId, 'pay_2'),
    });
    t.is(bad.status, 422);
    t.deepEqual(Object.keys(bad.body.errors), ['gateway_signature']);
    const foreign = await verify({
      gateway_order_id: 'order_other',
      gateway_payment_id: 'pay_1',
      gateway_signature: sign('order_other', 'pay_1'),
    });
    t.deepEqual(Object.keys(foreign.body.errors), ['gateway_order_id']);
    const stranger = await verify(
      { gateway_order_id: orderId, gateway_payment_id: 'pay_1', gateway_signature: sign(orderId, 'pay_1') },
      g.otherOwner.token,
    );
    t.is(stranger.status, 404);
    t.deepEqual(await recordCounts(g.db), before);

    const good = {
      gateway_order_id: orderId,
      gateway_payment_id: 'pay_1',
      gateway_signature: sign(orderId, 'pay_1'),
    };
    const ok = await verify(good);
    t.is(ok.status, 200);
    t.like(ok.body.data, { id: g.invoice.id, status: 'paid', balance_due: 0, amount_paid: 500 });
    t.like(ok.body.data.payments[1], {
      amount: 299.5,
      payment_method: 'online',
      provider_payment_id: 'pay_1',
      source: 'verify',
    });
    const again = await verify(good);
    t.is(again.status, 200);
    t.is((await g.db('payments').where('provider_payment_id', 'pay_1')).length, 1);
  });

  test(`[${dialect}] webhook: a bad or missing signature is a 401; captured, failed and unknown events`, async (t) => {
    const g = await gatewayWorld(dialect);
    t.teardown(g.app.close);
    const orderId = await order(g);
    const before = await recordCounts(g.db);
    const body = captured('pay_W', orderId, 10000);
    const wrong = await webhook(g, body, hmacSha256Hex('not-the-secret', JSON.stringify(body)));
    t.is(wrong.status, 401);
    t.is(wrong.body.code, 'INVALID_SIGNATURE');
    const unsigned = await g.app.clinic.request('POST', '/api/v1/webhooks/gateway', {
      raw: JSON.stringify(body),
    });
    t.is(unsigned.status, 401);
    // Signed over other bytes than sent (the same JSON re-spaced): the signature is over the raw body.
    const respaced = await webhook(
      g,
      body,
      hmacSha256Hex(GATEWAY_ENV.GATEWAY_WEBHOOK_SECRET, JSON.stringify(body, null, 2)),
    );
    t.is(respaced.status, 401);
    const shapeless = await webhook(g, { event: 'payment.captured', payload: {} });
    t.is(shapeless.status, 422);
    t.deepEqual(await recordCounts(g.db), before);

    const first = await webhook(g, body);
    t.is(first.status, 200);
    t.deepEqual(first.body.data, {
      event: 'payment.captured',
      outcome: 'recorded',
      invoice_id: g.invoice.id,
      unreconciled_payment_id: null,
    });
    const retry = await webhook(g, body);
    t.is(retry.body.data.outcome, 'duplicate');
    const inv = await g.db('invoices').where('id', g.invoice.id).first();
    t.is(Number(inv.amount_paid_minor), 20050 + 10000);
    t.is(inv.status, 'partial');
    t.is((await g.db('payments').where('provider_payment_id', 'pay_W')).length, 1);

    // More than the order's amount, or another currency: kept as a mismatch, the invoice untouched.
    const ordered = Number(
      (await g.db('gateway_orders').where('provider_order_id', orderId).first()).amount_minor,
    );
    const over = await webhook(g, captured('pay_X', orderId, 999_999_999_999));
    t.like(over.body.data, { event: 'payment.captured', outcome: 'mismatch', invoice_id: g.invoice.id });
    t.true(Number.isInteger(over.body.data.unreconciled_payment_id));
    const foreign = captured('pay_Y', orderId, 100);
    foreign.payload.payment.entity.currency = 'USD';
    t.is((await webhook(g, foreign)).body.data.outcome, 'mismatch');
    t.true(ordered > 100);
    t.is(Number((await g.db('invoices').where('id', g.invoice.id).first()).amount_paid_minor), 20050 + 10000);

    const failed = await webhook(g, captured('pay_F', orderId, 19950, 'payment.failed'));
    t.is(failed.body.data.outcome, 'logged');
    const unknownOrder = await webhook(g, captured('pay_U', 'order_elsewhere', 100));
    t.deepEqual(unknownOrder.body.data, {
      event: 'payment.captured',
      outcome: 'ignored',
      invoice_id: null,
      unreconciled_payment_id: null,
    });
    const events = await g.db('gateway_events').orderBy('id');
    t.deepEqual(
      events.map((e) => [e.event, e.provider_payment_id, e.outcome]),
      [
        ['payment.captured', 'pay_W', 'recorded'], // its replay is a duplicate event: not kept again
        ['payment.captured', 'pay_X', 'mismatch'],
        ['payment.captured', 'pay_Y', 'mismatch'],
        ['payment.failed', 'pay_F', 'logged'],
        ['payment.captured', 'pay_U', 'ignored'],
      ],
    );
    t.is(
      (await g.db('payments').whereIn('provider_payment_id', ['pay_F', 'pay_U', 'pay_X', 'pay_Y'])).length,
      0,
    );
  });

  test(`[${dialect}] verify and the webhook racing for the same payment record it once`, async (t) => {
    const g = await gatewayWorld(dialect);
    t.teardown(g.app.close);
    const orderId = await order(g);
    for (let round = 1; round <= 3; round++) {
      const paymentId = `pay_race_${round}`;
      const [v, h] = await Promise.all([
        g.app.clinic.post(
          verifyPath(g.invoice.id),
          {
            gateway_order_id: orderId,
            gateway_payment_id: paymentId,
            gateway_signature: sign(orderId, paymentId),
          },
          { token: g.owner.token },
        ),
        webhook(g, captured(paymentId, orderId, 29950)),
      ]);
      t.is(v.status, 200, `verify ${round}`);
      t.is(h.status, 200, `webhook ${round}`);
      t.is((await g.db('payments').where('provider_payment_id', paymentId)).length, 1, `round ${round}`);
    }
    const inv = await g.db('invoices').where('id', g.invoice.id).first();
    t.is(inv.status, 'paid');
    t.is(Number(inv.amount_paid_minor), 20050 + 3 * 29950, 'the ledger holds every captured payment');
    t.is(Number(inv.balance_due_minor), 0);
  });

  test(`[${dialect}] a webhook handler failure is a 500 with nothing kept, and the retry succeeds`, async (t) => {
    const g = await gatewayWorld(dialect);
    t.teardown(g.app.close);
    const orderId = await order(g);
    await g.db.schema.renameTable('payments', 'payments_away');
    const body = captured('pay_500', orderId, 29950);
    const failed = await webhook(g, body);
    await g.db.schema.renameTable('payments_away', 'payments');
    t.is(failed.status, 500);
    t.is((await g.db('gateway_events')).length, 0);
    const retried = await webhook(g, body);
    t.is(retried.status, 200);
    t.is(retried.body.data.outcome, 'recorded');
    t.is((await g.db('invoices').where('id', g.invoice.id).first()).status, 'paid');
  });
}
