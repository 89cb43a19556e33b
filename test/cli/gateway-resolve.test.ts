// `wfctl gateway events --unreconciled` and `wfctl gateway resolve ID --book|--refund-noted`: the
// open unreconciled captures listed, exactly one resolution flag (exit 2 naming them otherwise),
// confirmation off a terminal only with --yes, --dry-run changes nothing, the operator only.
import test from 'ava';
import { runCli } from '../helpers/cli.js';
import { DIALECTS } from '../helpers/db.js';
import { paymentEvent, reconciliationWorld, signedWebhook } from '../clinic/records/gateway-fixtures.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] gateway events --unreconciled lists open captures; gateway resolve books one`, async (t) => {
    const w = await reconciliationWorld(dialect);
    t.teardown(w.app.close);
    const url = w.app.testDb.database.url;
    const over = await signedWebhook(w, paymentEvent('payment.captured', 'pay_OVER', w.orderId, 50000));
    const id = over.body.data.unreconciled_payment_id as number;
    await signedWebhook(w, paymentEvent('payment.captured', 'pay_OK', w.orderId, 100)); // recorded

    const list = await runCli(['gateway', 'events', '--unreconciled', '--json'], { databaseUrl: url });
    t.is(list.code, 0, list.stderr);
    const rows = list.json().data;
    t.is(rows.length, 1);
    t.like(rows[0], {
      provider_payment_id: 'pay_OVER',
      outcome: 'mismatch',
      unreconciled_payment: { id, status: 'open', reason: 'over_order', amount: 500 },
    });

    const snapshot = async () => ({
      u: await w.db('gateway_unreconciled_payments').orderBy('id'),
      p: (await w.db('payments')).length,
    });
    const before = await snapshot();
    for (const flags of [[], ['--book', '--refund-noted']]) {
      const r = await runCli(['gateway', 'resolve', String(id), ...flags, '--yes', '--json'], {
        databaseUrl: url,
      });
      t.is(r.code, 2, r.stderr);
      t.deepEqual(Object.keys(r.json().errors).sort(), ['--book', '--refund-noted']);
    }
    const unconfirmed = await runCli(['gateway', 'resolve', String(id), '--book', '--json'], {
      databaseUrl: url,
    });
    t.is(unconfirmed.code, 2, unconfirmed.stderr);
    const dry = await runCli(['gateway', 'resolve', String(id), '--book', '--dry-run', '--json'], {
      databaseUrl: url,
    });
    t.is(dry.code, 0, dry.stderr);
    t.like(dry.json(), { status: 'booked' });
    const byMember = await runCli(
      ['gateway', 'resolve', String(id), '--book', '--yes', '--actor', w.admin.email, '--json'],
      { databaseUrl: url },
    );
    t.is(byMember.code, 2, byMember.stderr);
    t.deepEqual(await snapshot(), before);

    const booked = await runCli(
      ['gateway', 'resolve', String(id), '--book', '--note', 'paid twice', '--yes', '--json'],
      {
        databaseUrl: url,
      },
    );
    t.is(booked.code, 0, booked.stderr);
    t.like(booked.json(), { id, status: 'booked', note: 'paid twice' });
    t.is((await w.db('payments').where('provider_payment_id', 'pay_OVER')).length, 1);
    t.like(await w.db('clinic_audit_entries').where('action', 'gateway-payment.booked').first(), {
      via: 'cli',
    });
    const again = await runCli(['gateway', 'resolve', String(id), '--refund-noted', '--yes', '--json'], {
      databaseUrl: url,
    });
    t.is(again.code, 2, again.stderr);
    t.is(again.json().code, 'ALREADY_RESOLVED');
    const empty = await runCli(['gateway', 'events', '--unreconciled', '--json'], { databaseUrl: url });
    t.deepEqual(empty.json().data, []);
  });
}
