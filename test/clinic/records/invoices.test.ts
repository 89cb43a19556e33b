// Invoices and payments: the store-invoice body, exact decimal arithmetic, the first payment in the
// same transaction, counter payments (partial → paid, overpay refused, closed invoices refused),
// concurrent payments, lists, owner isolation and the dashboard's pending count.
import test from 'ava';
import { DIALECTS } from '../../helpers/db.js';
import { createInvoice, createPet, recordCounts, world, type World } from './fixtures.js';

const pay = (w: World, invoiceId: number, body: Record<string, unknown>, path = w.t, token = w.admin.token) =>
  w.app.clinic.post(`${path}/invoices/${invoiceId}/payments`, body, { token });

for (const dialect of DIALECTS) {
  test(`[${dialect}] an invoice by line items adds up exactly (0.1 + 0.2 is 0.3)`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const pet = await createPet(w);
    const invoice = await createInvoice(w, {
      total: undefined,
      pet_id: pet.id,
      due_date: '2026-03-31',
      items: [
        { description: 'Deworming', unit_price: 0.1 },
        { description: 'Syringe', quantity: 3, unit_price: 0.2 },
        { description: 'Consultation', unit_price: 150.555 },
      ],
    });
    t.like(invoice, {
      status: 'unpaid',
      currency: 'INR',
      total: 151.26,
      amount_paid: 0,
      balance_due: 151.26,
      due_date: '2026-03-31',
      pet: { id: pet.id, name: 'Bruno' },
      client: { id: w.owner.clientId },
      payments: [],
    });
    t.deepEqual(
      invoice.items.map((i: any) => [i.quantity, i.unit_price, i.amount]),
      [
        [1, 0.1, 0.1],
        [3, 0.2, 0.6],
        [1, 150.56, 150.56],
      ],
    );
    t.is(Number((await w.db('invoices').where('id', invoice.id).first()).total_minor), 15126);

    const small = await createInvoice(w, { total: 0.3 });
    t.is((await pay(w, small.id, { amount: 0.1, payment_method: 'cash' })).body.data.status, 'partial');
    const paid = await pay(w, small.id, { amount: 0.2, payment_method: 'upi', reference_number: 'UPI-1' });
    t.is(paid.status, 200);
    t.like(paid.body.data, { status: 'paid', amount_paid: 0.3, balance_due: 0 });
    t.deepEqual(
      paid.body.data.payments.map((p: any) => [p.amount, p.payment_method, p.reference_number]),
      [
        [0.1, 'cash', null],
        [0.2, 'upi', 'UPI-1'],
      ],
    );
  });

  test(`[${dialect}] payment_amount on creation records the payment in the same transaction`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const partial = await createInvoice(w, {
      total: 500,
      payment_amount: 200.5,
      payment_method: 'card',
      payment_reference_number: 'POS-7',
    });
    t.like(partial, { status: 'partial', total: 500, amount_paid: 200.5, balance_due: 299.5 });
    t.like(partial.payments[0], {
      amount: 200.5,
      payment_method: 'card',
      reference_number: 'POS-7',
      source: 'clinic',
    });
    const paid = await createInvoice(w, { total: 80, payment_amount: 80, payment_method: 'cash' });
    t.like(paid, { status: 'paid', balance_due: 0 });
    const estimate = await createInvoice(w, { total: 1000, status: 'estimate' });
    t.like(estimate, { status: 'estimate', balance_due: 1000 });
    await createInvoice(w, { total: 10 });
    const dashboard = await w.app.clinic.get(`${w.t}/dashboard`, { token: w.admin.token });
    t.is(dashboard.body.data.stats.pending_invoices_count, 2, 'unpaid and partial; not paid or estimate');
  });

  test(`[${dialect}] a bad store-invoice body is a 422 naming each field and writes nothing`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const foreignPet = await createPet(
      w,
      {},
      {
        tenantPath: `/api/v1/tenant/${w.other.tenant.id}`,
        token: w.other.token,
        clientId: w.otherOwner.clientId,
      },
    );
    const before = await recordCounts(w.db);
    const post = (body: Record<string, unknown>) =>
      w.app.clinic.post(`${w.t}/invoices`, body, { token: w.admin.token });
    const cases: [Record<string, unknown>, string[]][] = [
      [{}, ['client_id', 'total']],
      [{ client_id: w.owner.clientId, total: 10, items: [{ description: 'x', unit_price: 1 }] }, ['total']],
      [
        { client_id: w.owner.clientId, items: [{ quantity: 0, unit_price: -1 }] },
        ['items[0].description', 'items[0].quantity', 'items[0].unit_price'],
      ],
      [{ client_id: w.owner.clientId, items: [{ description: 'free', unit_price: 0 }] }, ['items']],
      [
        { client_id: w.owner.clientId, total: 0.004, status: 'paid', due_date: '2026-13-01' },
        ['due_date', 'status', 'total'],
      ],
      [{ client_id: w.owner.clientId, total: 10, payment_amount: 5 }, ['payment_method']],
      [
        { client_id: w.owner.clientId, total: 10, payment_amount: 10.01, payment_method: 'cash' },
        ['payment_amount'],
      ],
      [
        {
          client_id: w.owner.clientId,
          total: 10,
          status: 'estimate',
          payment_amount: 1,
          payment_method: 'cash',
        },
        ['payment_amount'],
      ],
      [{ client_id: w.otherOwner.clientId, pet_id: foreignPet.id, total: 10 }, ['client_id', 'pet_id']],
      [
        // The body's shape is checked before the records it names.
        { client_id: w.owner.clientId, pet_id: foreignPet.id, total: 10, payment_method: 'cheque' },
        ['payment_method'],
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await post(body);
      t.is(res.status, 422, JSON.stringify(body));
      t.deepEqual(Object.keys(res.body.errors).sort(), fields, JSON.stringify(body));
    }
    t.deepEqual(await recordCounts(w.db), before);
  });

  test(`[${dialect}] payments: overpay, closed invoices and bad bodies are refused; other tenants get 404`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const open = await createInvoice(w, { total: 100 });
    const paid = await createInvoice(w, { total: 5, payment_amount: 5, payment_method: 'cash' });
    const estimate = await createInvoice(w, { total: 5, status: 'estimate' });
    const voided = await createInvoice(w, { total: 5 });
    await w.db('invoices').where('id', voided.id).update({ status: 'voided' }); // no void route in this slice
    const before = await recordCounts(w.db);

    const over = await pay(w, open.id, { amount: 100.01, payment_method: 'cash' });
    t.is(over.status, 422);
    t.deepEqual(Object.keys(over.body.errors), ['amount']);
    for (const closed of [paid, estimate, voided]) {
      const res = await pay(w, closed.id, { amount: 1, payment_method: 'cash' });
      t.is(res.status, 422, closed.status);
      t.regex(res.body.errors.amount[0], /takes no payment/);
    }
    const bad = await pay(w, open.id, { amount: 0, payment_method: 'cheque' });
    t.deepEqual(Object.keys(bad.body.errors).sort(), ['amount', 'payment_method']);
    for (const amount of [-5, 0.004, 'ten', null]) {
      t.is((await pay(w, open.id, { amount, payment_method: 'cash' })).status, 422, String(amount));
    }
    const foreign = await pay(
      w,
      open.id,
      { amount: 1, payment_method: 'cash' },
      `/api/v1/tenant/${w.other.tenant.id}`,
      w.other.token,
    );
    t.is(foreign.status, 404);
    t.is((await pay(w, 999999, { amount: 1, payment_method: 'cash' })).status, 404);
    t.is((await pay(w, open.id, { amount: 1, payment_method: 'cash' }, w.t, w.owner.token)).status, 403);
    t.deepEqual(await recordCounts(w.db), before);

    const exact = await pay(w, open.id, { amount: 100, payment_method: 'bank_transfer' });
    t.like(exact.body.data, { status: 'paid', balance_due: 0, amount_paid: 100 });
  });

  test(`[${dialect}] amounts far out of range (1e308, -1e308) are a 422 naming the field, not a 500`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const open = await createInvoice(w, { total: 100 });
    const before = await recordCounts(w.db);
    for (const amount of [1e308, -1e308, 1e21]) {
      const res = await pay(w, open.id, { amount, payment_method: 'cash' });
      t.is(res.status, 422, String(amount));
      t.deepEqual(Object.keys(res.body.errors), ['amount'], String(amount));
      const created = await w.app.clinic.post(
        `${w.t}/invoices`,
        { client_id: w.owner.clientId, total: amount },
        { token: w.admin.token },
      );
      t.is(created.status, 422, String(amount));
      t.deepEqual(Object.keys(created.body.errors), ['total'], String(amount));
      const withPayment = await w.app.clinic.post(
        `${w.t}/invoices`,
        { client_id: w.owner.clientId, total: 10, payment_amount: amount, payment_method: 'cash' },
        { token: w.admin.token },
      );
      t.is(withPayment.status, 422, String(amount));
      t.deepEqual(Object.keys(withPayment.body.errors), ['payment_amount'], String(amount));
    }
    t.deepEqual(await recordCounts(w.db), before);
  });

  test(`[${dialect}] line items adding up to more than the largest amount are a 422 on items`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const before = await recordCounts(w.db);
    const huge = Array.from({ length: 100 }, (_, i) => ({
      description: `item ${i}`,
      quantity: 10_000,
      unit_price: 99_999_999.99,
    }));
    const res = await w.app.clinic.post(
      `${w.t}/invoices`,
      { client_id: w.owner.clientId, items: huge },
      { token: w.admin.token },
    );
    t.is(res.status, 422);
    t.deepEqual(Object.keys(res.body.errors), ['items']);
    t.deepEqual(await recordCounts(w.db), before);
    const fits = await w.app.clinic.post(
      `${w.t}/invoices`,
      { client_id: w.owner.clientId, items: [{ description: 'x', quantity: 2, unit_price: 49_999_999.99 }] },
      { token: w.admin.token },
    );
    t.is(fits.status, 200, fits.text);
  });

  test(`[${dialect}] concurrent payments are serialised on the invoice and never overpay`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const invoice = await createInvoice(w, { total: 100 });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        pay(w, invoice.id, { amount: 30, payment_method: 'cash', reference_number: `R${i}` }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    t.deepEqual(statuses, [200, 200, 200, 422, 422, 422]);
    const row = await w.db('invoices').where('id', invoice.id).first();
    t.is(Number(row.amount_paid_minor), 9000);
    t.is(Number(row.balance_due_minor), 1000);
    t.is(row.status, 'partial');
    t.is((await w.db('payments').where('invoice_id', invoice.id)).length, 3);
  });

  test(`[${dialect}] invoice lists: 20 per page with relations; owners see only their own`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    for (let i = 1; i <= 21; i++)
      await createInvoice(w, {
        total: i,
        payment_amount: i === 21 ? 1 : undefined,
        payment_method: i === 21 ? 'cash' : undefined,
      });
    const list = await w.app.clinic.get(`${w.t}/invoices`, { token: w.admin.token });
    t.is(list.status, 200);
    t.is(list.body.data.length, 20);
    t.like(list.body.meta, { per_page: 20, total: 21, last_page: 2 });
    t.like(list.body.data[0], { total: 21, status: 'partial', client: { id: w.owner.clientId }, pet: null });
    t.is(list.body.data[0].payments.length, 1);
    t.is((await w.app.clinic.get(`${w.t}/invoices?page=2`, { token: w.admin.token })).body.data[0].total, 1);

    const mine = await w.app.clinic.get('/api/v1/owner/me/invoices', { token: w.owner.token });
    t.like(mine.body.meta, { per_page: 20, total: 21 });
    const theirs = await w.app.clinic.get('/api/v1/owner/me/invoices', { token: w.otherOwner.token });
    t.is(theirs.body.meta.total, 0);
    t.is((await w.app.clinic.get('/api/v1/owner/me/invoices')).status, 401);
  });
}
