// Gateway reconciliation: a capture above its order or in another currency is kept as an
// unreconciled payment shown on the invoice, and an operator books it or notes its refund (audited,
// once); payment.failed shows on the invoice's payment_attempts; events the service does not act on
// answer 200 ignored after the signature check; a replayed event id is 200 duplicate and books
// nothing twice, also when replays arrive at once.
import test from 'ava';
import { runOperation } from '../../../src/core/operation.js';
import { httpContext, operatorContext } from '../../../src/clinic/context.js';
import { resolveUnreconciled } from '../../../src/clinic/gateway/operations/resolve-unreconciled.js';
import { DIALECTS } from '../../helpers/db.js';
import { recordCounts, type World } from './fixtures.js';
import { paymentEvent, reconciliationWorld, signedWebhook } from './gateway-fixtures.js';

async function invoiceOf(w: World, id: number) {
  const res = await w.app.clinic.get(`${w.t}/invoices`, { token: w.admin.token });
  if (res.status !== 200) throw new Error(res.text);
  return res.body.data.find((i: any) => i.id === id);
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] unsigned is 401; other events are 200 ignored; a replayed event id is 200 duplicate`, async (t) => {
    const w = await reconciliationWorld(dialect);
    t.teardown(w.app.close);
    const refund = {
      id: 'evt_R1',
      event: 'refund.processed',
      payload: { refund: { entity: { id: 'rfnd_1' } } },
    };
    const before = await recordCounts(w.db);
    const unsigned = await signedWebhook(w, refund, '');
    t.is(unsigned.status, 401, unsigned.text);
    const badSig = await signedWebhook(w, refund, 'deadbeef');
    t.is(badSig.status, 401, badSig.text);
    t.deepEqual(await recordCounts(w.db), before);

    const ignored = await signedWebhook(w, refund);
    t.is(ignored.status, 200, ignored.text);
    t.like(ignored.body.data, { event: 'refund.processed', outcome: 'ignored', invoice_id: null });
    const replay = await signedWebhook(w, refund);
    t.is(replay.status, 200, replay.text);
    t.is(replay.body.data.outcome, 'duplicate');
    t.is((await w.db('gateway_events').where('event_id', 'evt_R1')).length, 1);
    // A signed body without an event is still a 422.
    const shapeless = await signedWebhook(w, { payload: {} });
    t.is(shapeless.status, 422, shapeless.text);
    t.truthy(shapeless.body.errors.event);

    // A captured event replayed under its id books once.
    const capture = { id: 'evt_C1', ...paymentEvent('payment.captured', 'pay_C1', w.orderId, 10000) };
    t.is((await signedWebhook(w, capture)).body.data.outcome, 'recorded');
    t.is((await signedWebhook(w, capture)).body.data.outcome, 'duplicate');
    t.is((await w.db('payments').where('provider_payment_id', 'pay_C1')).length, 1);
    t.is((await invoiceOf(w, w.invoice.id)).amount_paid, 300.5);
  });

  test(`[${dialect}] mismatching captures are kept as unreconciled on the invoice; failed payments as attempts`, async (t) => {
    const w = await reconciliationWorld(dialect);
    t.teardown(w.app.close);
    const over = await signedWebhook(w, paymentEvent('payment.captured', 'pay_OVER', w.orderId, 50000));
    t.is(over.status, 200, over.text);
    t.like(over.body.data, { outcome: 'mismatch', invoice_id: w.invoice.id });
    const foreign = await signedWebhook(
      w,
      paymentEvent('payment.captured', 'pay_USD', w.orderId, 100, { currency: 'USD' }),
    );
    t.is(foreign.body.data.outcome, 'mismatch');
    const failed = await signedWebhook(
      w,
      paymentEvent('payment.failed', 'pay_F1', w.orderId, 29950, { error_description: 'Card declined' }),
    );
    t.is(failed.body.data.outcome, 'logged');

    const invoice = await invoiceOf(w, w.invoice.id);
    t.is(invoice.amount_paid, 200.5); // nothing booked
    t.like(invoice.unreconciled_payments, [
      {
        id: over.body.data.unreconciled_payment_id,
        status: 'open',
        reason: 'over_order',
        amount: 500,
        currency: 'INR',
        ordered_amount: 299.5,
        provider_payment_id: 'pay_OVER',
      },
      { status: 'open', reason: 'currency', amount: 1, currency: 'USD', ordered_currency: 'INR' },
    ]);
    t.like(invoice.payment_attempts, [
      {
        status: 'failed',
        provider_payment_id: 'pay_F1',
        amount: 299.5,
        currency: 'INR',
        reason: 'Card declined',
      },
    ]);
    // The owner sees them on their invoice too.
    const mine = await w.app.clinic.get('/api/v1/owner/me/invoices', { token: w.owner.token });
    t.is(mine.status, 200, mine.text);
    t.is(mine.body.data[0].unreconciled_payments.length, 2);
  });

  test(`[${dialect}] the operator books or notes the refund of an unreconciled payment, once, audited`, async (t) => {
    const w = await reconciliationWorld(dialect);
    t.teardown(w.app.close);
    const over = (await signedWebhook(w, paymentEvent('payment.captured', 'pay_OVER', w.orderId, 50000))).body
      .data.unreconciled_payment_id;
    const usd = (
      await signedWebhook(w, paymentEvent('payment.captured', 'pay_USD', w.orderId, 100, { currency: 'USD' }))
    ).body.data.unreconciled_payment_id;
    const operator = operatorContext(w.app.services);

    // A member is not the operator.
    const asAdmin = httpContext(w.app.services, w.admin.user.id, { [w.admin.tenant.id]: 'tenant_admin' });
    await t.throwsAsync(
      runOperation(resolveUnreconciled, asAdmin, { unreconciled_payment_id: over, resolution: 'book' }),
      { message: /Only the operator/ },
    );
    // Another currency cannot be booked: 422 on resolution, nothing changed.
    const before = await recordCounts(w.db);
    const err = await t.throwsAsync(
      runOperation(resolveUnreconciled, operator, { unreconciled_payment_id: usd, resolution: 'book' }),
    );
    t.is((err as any).status, 422);
    t.truthy((err as any).errors.resolution);
    t.deepEqual(await recordCounts(w.db), before);

    const booked = await runOperation(resolveUnreconciled, operator, {
      unreconciled_payment_id: over,
      resolution: 'book',
      note: 'customer paid twice',
    });
    t.like(booked, { status: 'booked', note: 'customer paid twice' });
    t.true(Number.isInteger(booked.payment_id));
    const invoice = await invoiceOf(w, w.invoice.id);
    t.like(invoice, { status: 'paid', amount_paid: 700.5, balance_due: 0 });
    t.is(invoice.payments.filter((p: any) => p.provider_payment_id === 'pay_OVER').length, 1);
    const again = await t.throwsAsync(
      runOperation(resolveUnreconciled, operator, {
        unreconciled_payment_id: over,
        resolution: 'refund_noted',
      }),
    );
    t.like(again as any, { status: 409, code: 'ALREADY_RESOLVED' } as any);

    const noted = await runOperation(resolveUnreconciled, operator, {
      unreconciled_payment_id: usd,
      resolution: 'refund_noted',
    });
    t.like(noted, { status: 'refund_noted', payment_id: null });
    const audit = await w
      .db('clinic_audit_entries')
      .whereIn('action', ['gateway-payment.booked', 'gateway-payment.refund_noted']);
    t.deepEqual(audit.map((a) => a.action).sort(), [
      'gateway-payment.booked',
      'gateway-payment.refund_noted',
    ]);
  });

  test(`[${dialect}] the same event replayed at once is booked once; the rest answer duplicate`, async (t) => {
    const w = await reconciliationWorld(dialect);
    t.teardown(w.app.close);
    const capture = { id: 'evt_PAR', ...paymentEvent('payment.captured', 'pay_PAR', w.orderId, 29950) };
    const over = {
      id: 'evt_PAR_OVER',
      ...paymentEvent('payment.captured', 'pay_PAR_OVER', w.orderId, 99999),
    };
    const results = await Promise.all([
      ...[1, 2, 3, 4].map(() => signedWebhook(w, capture)),
      ...[1, 2, 3].map(() => signedWebhook(w, over)),
    ]);
    t.true(
      results.every((r) => r.status === 200),
      results.map((r) => r.text).join('\n'),
    );
    const outcomes = results.map((r) => r.body.data.outcome);
    t.deepEqual(outcomes.slice(0, 4).sort(), ['duplicate', 'duplicate', 'duplicate', 'recorded']);
    t.deepEqual(outcomes.slice(4).sort(), ['duplicate', 'duplicate', 'mismatch']);
    t.is((await w.db('payments').where('provider_payment_id', 'pay_PAR')).length, 1);
    t.is((await w.db('gateway_unreconciled_payments')).length, 1);
    t.is((await w.db('gateway_events')).length, 2);
  });
}
