// The tenants' counters (src/clinic/counters.ts) stay equal to COUNT(*) whatever the operations do:
// a random sequence of creates (pets by the clinic and by owners, appointments, invoices with and
// without a first payment, order requests), status changes (appointment moves, payments, order
// accept/reject/fulfil/cancel), transfers (share-code redeems between clinics, new Client rows
// included), refusals and dry runs (rolled back: the counters with them), run through the
// operations; after every step each counter of every tenant is compared with COUNT(*), and the
// dashboard and the list totals with COUNT(*) too. The clinic deletes none of the counted rows (no
// operation removes a pet, client, appointment, invoice or order, and there is no soft delete), so
// there is no delete to run. Then: the same under concurrency (MySQL), and `wfctl clinic recount`.
import test from 'ava';
import fc from 'fast-check';
import type { Knex } from 'knex';
import { bookAppointment } from '../../../src/clinic/appointments/operations/create-appointment.js';
import { changeAppointmentStatus } from '../../../src/clinic/appointments/operations/change-appointment-status.js';
import { listAppointments } from '../../../src/clinic/appointments/operations/list-appointments.js';
import { APPOINTMENT_STATUSES } from '../../../src/clinic/appointments/schemas.js';
import { listClients } from '../../../src/clinic/clients/operations/list-clients.js';
import { clinicContext, operatorContext, type ClinicContext } from '../../../src/clinic/context.js';
import {
  actualCounts,
  COUNTED_STATUSES,
  knownCounterNames,
  readCounters,
} from '../../../src/clinic/counters.js';
import { createInvoice } from '../../../src/clinic/invoices/operations/create-invoice.js';
import { listInvoices } from '../../../src/clinic/invoices/operations/list-invoices.js';
import { createOwnerOrder } from '../../../src/clinic/orders/operations/create-order.js';
import { cancelOwnerOrder } from '../../../src/clinic/orders/operations/owner-orders.js';
import {
  acceptOrder,
  fulfillOrder,
  listOrders,
  rejectOrder,
} from '../../../src/clinic/orders/operations/seller-orders.js';
import { ORDER_STATUSES } from '../../../src/clinic/orders/schemas.js';
import { INVOICE_STATUSES } from '../../../src/clinic/payments/ledger.js';
import { recordPayment } from '../../../src/clinic/payments/operations/record-payment.js';
import { createOwnerPet, createPet } from '../../../src/clinic/pets/operations/create-pet.js';
import { listPets } from '../../../src/clinic/pets/operations/list-pets.js';
import { createShare } from '../../../src/clinic/shares/operations/owner-shares.js';
import { redeemShare } from '../../../src/clinic/shares/operations/redeem-share.js';
import { recountCounters } from '../../../src/clinic/system/operations/recount.js';
import { createTenant } from '../../../src/clinic/tenants/operations/create-tenant.js';
import { getDashboard } from '../../../src/clinic/tenants/operations/get-dashboard.js';
import { registerOwner } from '../../../src/clinic/owners/operations/register-owner.js';
import { runOperation } from '../../../src/core/operation.js';
import { AppError } from '../../../src/core/errors.js';
import { runCli } from '../../helpers/cli.js';
import { DIALECTS } from '../../helpers/db.js';
import { bootClinic, PASSWORD, signupBody } from '../fixtures.js';

/** Runs of the property per database, and the most steps of one run: seconds, not minutes. */
const RUNS = 8;
const MAX_STEPS = 20;

test('the counters know the statuses the schemas know', (t) => {
  t.deepEqual([...COUNTED_STATUSES.appointments], [...APPOINTMENT_STATUSES]);
  t.deepEqual([...COUNTED_STATUSES.invoices], [...INVOICE_STATUSES]);
  t.deepEqual([...COUNTED_STATUSES.orders], [...ORDER_STATUSES]);
});

interface Owner {
  userId: number;
  ctx: ClinicContext;
}

/** Two clinics, a pharmacy, three owners (two in the first clinic): through the operations, no HTTP. */
async function setUp(dialect: (typeof DIALECTS)[number]) {
  const app = await bootClinic(dialect);
  const operator = operatorContext(app.services);
  const tenant = (overrides: Record<string, unknown> = {}) =>
    runOperation(createTenant, operator, signupBody(overrides));
  const clinics = [await tenant(), await tenant()];
  const pharmacy = await tenant({ business_type: 'pharmacy' });
  const owners: Owner[] = [];
  for (const [i, clinic] of [clinics[0], clinics[0], clinics[1]].entries()) {
    const registered = await runOperation(registerOwner, operator, {
      name: `Owner ${i}`,
      email: `counted-${i}-${process.pid}-${dialect}@example.test`,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      tenant_id: clinic.tenant.id,
    });
    const userId = Number(registered.user.id);
    owners.push({ userId, ctx: clinicContext(app.services, { kind: 'user', userId, via: 'cli' }) });
  }
  return { app, clinics, pharmacy, owners, operator, db: app.services.db as Knex };
}
type World = Awaited<ReturnType<typeof setUp>>;

const tenantsOf = (w: World) => [...w.clinics, w.pharmacy].map((c) => Number(c.tenant.id));

/** Every counter of every tenant against COUNT(*). */
async function assertCountersExact(w: World, where: string): Promise<void> {
  for (const tenantId of tenantsOf(w)) {
    const actual = await actualCounts(w.db, tenantId);
    const counters = await readCounters(w.db, tenantId);
    for (const name of new Set([...actual.keys(), ...counters.keys()])) {
      const a = actual.get(name) ?? 0;
      const c = counters.get(name) ?? 0;
      if (a !== c) throw new Error(`${where}: tenant ${tenantId} counter ${name} is ${c}, COUNT(*) ${a}`);
    }
  }
}

/** The counters, and the reads that use them (dashboard, list totals) against COUNT(*) too. */
async function assertExact(w: World, where: string): Promise<void> {
  await assertCountersExact(w, where);
  for (const tenantId of tenantsOf(w)) {
    const count = async (q: Knex.QueryBuilder) => Number((await q.count({ n: '*' }).first())?.n ?? 0);
    const dash = await runOperation(getDashboard, w.operator, { tenant_id: tenantId });
    const expected = {
      pets_count: await count(w.db('pets').where('tenant_id', tenantId)),
      clients_count: await count(w.db('clinic_clients').where('tenant_id', tenantId)),
      appointments_count: await count(w.db('appointments').where('tenant_id', tenantId)),
      pending_invoices_count: await count(
        w.db('invoices').where('tenant_id', tenantId).whereNotIn('status', ['paid', 'voided', 'estimate']),
      ),
    };
    if (JSON.stringify(dash.stats) !== JSON.stringify(expected)) {
      throw new Error(
        `${where}: dashboard ${JSON.stringify(dash.stats)}, COUNT(*) ${JSON.stringify(expected)}`,
      );
    }
    const totals: Array<[string, number, number]> = [
      [
        'pets',
        (await runOperation(listPets, w.operator, { tenant_id: tenantId })).total,
        expected.pets_count,
      ],
      [
        'clients',
        (await runOperation(listClients, w.operator, { tenant_id: tenantId })).total,
        expected.clients_count,
      ],
      [
        'appointments',
        (await runOperation(listAppointments, w.operator, { tenant_id: tenantId })).total,
        expected.appointments_count,
      ],
      [
        'invoices',
        (await runOperation(listInvoices, w.operator, { tenant_id: tenantId })).total,
        await count(w.db('invoices').where('tenant_id', tenantId)),
      ],
      [
        'open orders',
        (await runOperation(listOrders, w.operator, { tenant_id: tenantId })).total,
        await count(
          w
            .db('order_requests')
            .where('target_tenant_id', tenantId)
            .whereIn('status', ['pending', 'accepted']),
        ),
      ],
      [
        'all orders',
        (await runOperation(listOrders, w.operator, { tenant_id: tenantId, status: 'all' })).total,
        await count(w.db('order_requests').where('target_tenant_id', tenantId)),
      ],
      [
        'accepted orders',
        (await runOperation(listOrders, w.operator, { tenant_id: tenantId, status: 'accepted' })).total,
        await count(w.db('order_requests').where({ target_tenant_id: tenantId, status: 'accepted' })),
      ],
    ];
    for (const [list, total, want] of totals) {
      if (total !== want)
        throw new Error(`${where}: tenant ${tenantId} ${list} meta.total ${total}, COUNT(*) ${want}`);
    }
  }
}

// -- the steps: each picks its records by index among those that exist (modulo), so any sequence is runnable
type Step =
  | { op: 'pet'; clinic: number; client: number; dryRun: boolean }
  | { op: 'owner-pet'; owner: number }
  | { op: 'book'; pet: number; status: 'scheduled' | 'confirmed'; dryRun: boolean }
  | { op: 'move-appointment'; appointment: number; status: string }
  | { op: 'invoice'; client: number; status: 'unpaid' | 'estimate'; pay: number }
  | { op: 'pay'; invoice: number; part: number }
  | { op: 'order'; pet: number }
  | { op: 'move-order'; order: number; action: 'accept' | 'reject' | 'fulfill' | 'cancel'; dryRun: boolean }
  | { op: 'transfer'; pet: number; to: number };

const index = fc.nat({ max: 1000 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('pet' as const),
    clinic: fc.nat({ max: 1 }),
    client: index,
    dryRun: fc.boolean(),
  }),
  fc.record({ op: fc.constant('owner-pet' as const), owner: fc.nat({ max: 2 }) }),
  fc.record({
    op: fc.constant('book' as const),
    pet: index,
    status: fc.constantFrom('scheduled' as const, 'confirmed' as const),
    dryRun: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('move-appointment' as const),
    appointment: index,
    status: fc.constantFrom(...APPOINTMENT_STATUSES),
  }),
  fc.record({
    op: fc.constant('invoice' as const),
    client: index,
    status: fc.constantFrom('unpaid' as const, 'estimate' as const),
    pay: fc.constantFrom(0, 0.5, 1),
  }),
  fc.record({ op: fc.constant('pay' as const), invoice: index, part: fc.constantFrom(0.25, 0.5, 1, 2) }),
  fc.record({ op: fc.constant('order' as const), pet: index }),
  fc.record({
    op: fc.constant('move-order' as const),
    order: index,
    action: fc.constantFrom('accept' as const, 'reject' as const, 'fulfill' as const, 'cancel' as const),
    dryRun: fc.boolean(),
  }),
  fc.record({ op: fc.constant('transfer' as const), pet: index, to: fc.nat({ max: 1 }) }),
);

const pick = <T>(rows: T[], i: number): T | undefined => (rows.length ? rows[i % rows.length] : undefined);
let slot = 0;

/** Runs one step; a refusal of the operation (a move its state does not allow) is part of the game. */
async function runStep(w: World, step: Step): Promise<void> {
  const { db, operator } = w;
  const ownerOf = async (petId: number) => {
    const row = await db('pets as p')
      .join('clinic_clients as c', 'c.id', 'p.client_id')
      .where('p.id', petId)
      .first('c.owner_user_id');
    return w.owners.find((o) => o.userId === Number(row?.owner_user_id));
  };
  try {
    switch (step.op) {
      case 'pet': {
        const tenantId = Number(w.clinics[step.clinic].tenant.id);
        const client = pick(
          await db('clinic_clients').where('tenant_id', tenantId).orderBy('id'),
          step.client,
        );
        if (!client) return;
        await runOperation(
          createPet,
          operator,
          { tenant_id: tenantId, client_id: client.id, name: 'Counted', species: 'cat' },
          { dryRun: step.dryRun },
        );
        return;
      }
      case 'owner-pet':
        await runOperation(createOwnerPet, w.owners[step.owner].ctx, { name: 'Own', species: 'dog' });
        return;
      case 'book': {
        const pet = pick(await db('pets').orderBy('id'), step.pet);
        if (!pet) return;
        const at = new Date(Date.UTC(2027, 0, 1) + ++slot * 3_600_000).toISOString();
        await runOperation(
          bookAppointment,
          operator,
          { tenant_id: pet.tenant_id, pet_id: pet.id, scheduled_at: at, status: step.status },
          { dryRun: step.dryRun },
        );
        return;
      }
      case 'move-appointment': {
        const a = pick(await db('appointments').orderBy('id'), step.appointment);
        if (!a) return;
        await runOperation(changeAppointmentStatus, operator, {
          tenant_id: a.tenant_id,
          appointment_id: a.id,
          status: step.status,
        });
        return;
      }
      case 'invoice': {
        const client = pick(
          await db('clinic_clients')
            .whereIn(
              'tenant_id',
              w.clinics.map((c) => c.tenant.id),
            )
            .orderBy('id'),
          step.client,
        );
        if (!client) return;
        await runOperation(createInvoice, operator, {
          tenant_id: client.tenant_id,
          client_id: client.id,
          total: 80,
          status: step.status,
          ...(step.pay && step.status === 'unpaid'
            ? { payment_amount: 80 * step.pay, payment_method: 'cash' }
            : {}),
        });
        return;
      }
      case 'pay': {
        const inv = pick(await db('invoices').orderBy('id'), step.invoice);
        if (!inv) return;
        const amount = Math.max(1, Math.round((Number(inv.balance_due_minor) / 100) * step.part));
        await runOperation(recordPayment, operator, {
          tenant_id: inv.tenant_id,
          invoice_id: inv.id,
          amount,
          payment_method: 'card',
        });
        return;
      }
      case 'order': {
        const pet = pick(await db('pets').orderBy('id'), step.pet);
        const owner = pet && (await ownerOf(pet.id));
        if (!owner) return;
        await runOperation(createOwnerOrder, owner.ctx, {
          pet_id: pet.id,
          target_tenant_id: w.pharmacy.tenant.id,
          kind: 'custom',
          item_summary: 'Flea drops',
          delivery_preference: 'pickup',
        });
        return;
      }
      case 'move-order': {
        const order = pick(await db('order_requests').orderBy('id'), step.order);
        if (!order) return;
        if (step.action === 'cancel') {
          const owner = w.owners.find((o) => o.userId === Number(order.requester_user_id))!;
          await runOperation(cancelOwnerOrder, owner.ctx, { order_id: order.id }, { dryRun: step.dryRun });
        } else {
          const op = { accept: acceptOrder, reject: rejectOrder, fulfill: fulfillOrder }[step.action];
          await runOperation(
            op,
            operator,
            { tenant_id: order.target_tenant_id, order_id: order.id },
            { dryRun: step.dryRun },
          );
        }
        return;
      }
      case 'transfer': {
        const pet = pick(await db('pets').orderBy('id'), step.pet);
        const owner = pet && (await ownerOf(pet.id));
        if (!owner) return;
        const share = await runOperation(createShare, owner.ctx, { pet_id: pet.id });
        const to = w.clinics[step.to];
        await runOperation(redeemShare, operator, {
          code: share.code,
          tenant_id: to.tenant.id,
          user_id: to.user.id,
        });
        return;
      }
    }
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return; // refused: nothing written
    throw err;
  }
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] after any sequence of creates, status moves, transfers, refusals and dry runs, every counter is COUNT(*)`, async (t) => {
    const w = await setUp(dialect);
    t.teardown(w.app.close);
    // The new tenants' counters exist, at zero, from sign-up.
    t.deepEqual(
      [...(await readCounters(w.db, Number(w.pharmacy.tenant.id))).keys()].sort(),
      knownCounterNames().sort(),
    );
    await assertExact(w, 'after set-up');
    // A tour first, so every kind of step and every status is reached whatever the draws below.
    const tour: Step[] = [
      { op: 'pet', clinic: 0, client: 0, dryRun: false },
      { op: 'pet', clinic: 0, client: 1, dryRun: true },
      { op: 'owner-pet', owner: 2 },
      ...APPOINTMENT_STATUSES.flatMap((status, i): Step[] => [
        { op: 'book', pet: i, status: 'scheduled', dryRun: false },
        { op: 'move-appointment', appointment: i, status: status === 'completed' ? 'checked_in' : status },
      ]),
      { op: 'move-appointment', appointment: 3, status: 'completed' },
      { op: 'invoice', client: 0, status: 'unpaid', pay: 0 },
      { op: 'invoice', client: 1, status: 'estimate', pay: 0 },
      { op: 'invoice', client: 2, status: 'unpaid', pay: 0.5 },
      { op: 'invoice', client: 2, status: 'unpaid', pay: 0 },
      { op: 'pay', invoice: 0, part: 0.5 },
      { op: 'pay', invoice: 2, part: 1 },
      ...[0, 1, 2, 3, 4].map((pet): Step => ({ op: 'order', pet })),
      { op: 'move-order', order: 0, action: 'accept', dryRun: false },
      { op: 'move-order', order: 0, action: 'fulfill', dryRun: true },
      { op: 'move-order', order: 0, action: 'fulfill', dryRun: false },
      { op: 'move-order', order: 1, action: 'reject', dryRun: false },
      { op: 'move-order', order: 2, action: 'cancel', dryRun: false },
      { op: 'move-order', order: 3, action: 'accept', dryRun: false },
      { op: 'transfer', pet: 0, to: 1 },
      { op: 'transfer', pet: 0, to: 0 },
    ];
    for (const [i, step] of tour.entries()) {
      await runStep(w, step);
      await assertCountersExact(w, `tour step ${i + 1} (${JSON.stringify(step)})`);
    }
    await assertExact(w, 'after the tour');
    const seen = async (table: string, column: string) =>
      (await w.db(table).distinct(column).pluck(column)).map(String).sort();
    t.deepEqual(await seen('appointments', 'status'), [...APPOINTMENT_STATUSES].sort());
    t.deepEqual(await seen('invoices', 'status'), ['estimate', 'paid', 'partial', 'unpaid']);
    t.deepEqual(await seen('order_requests', 'status'), [...ORDER_STATUSES].sort());

    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 5, maxLength: MAX_STEPS }), async (seq) => {
        for (const [i, step] of seq.entries()) {
          await runStep(w, step);
          steps += 1;
          await assertCountersExact(w, `step ${i + 1} (${JSON.stringify(step)})`);
        }
        await assertExact(w, `the end of ${JSON.stringify(seq)}`);
      }),
      { numRuns: RUNS },
    );
    t.log(`${tour.length} + ${steps} steps; ${(await w.db('pets').count({ n: '*' }).first())?.n} pets`);
    const recount = await runOperation(recountCounters, w.operator, {});
    t.deepEqual(recount.drift, []);
  });
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] concurrent bookings, moves, payments and redeems leave every counter at COUNT(*)`, async (t) => {
    const began = Date.now();
    const w = await setUp(dialect);
    t.teardown(w.app.close);
    t.log(`set-up ${Date.now() - began} ms`);
    const [a, b] = w.clinics.map((c) => Number(c.tenant.id));
    const clientA = await w.db('clinic_clients').where('tenant_id', a).first('id');
    const pets: number[] = [];
    for (let i = 0; i < 6; i++) {
      const pet = await runOperation(createPet, w.operator, {
        tenant_id: a,
        client_id: clientA.id,
        name: `P${i}`,
        species: 'dog',
      });
      pets.push(pet.id);
    }
    const invoices = [];
    for (let i = 0; i < 6; i++) {
      invoices.push(
        await runOperation(createInvoice, w.operator, { tenant_id: a, client_id: clientA.id, total: 50 }),
      );
    }
    const owner = w.owners[0];
    const shares = [];
    for (const petId of pets.slice(0, 3))
      shares.push(await runOperation(createShare, owner.ctx, { pet_id: petId }));
    // Six at a time, the kinds interleaved: on MySQL concurrent transactions on the same counter rows
    // (more at once only waits for the pool on this machine).
    const bookings: Array<() => Promise<unknown>> = [];
    const payments: Array<() => Promise<unknown>> = [];
    const redeems: Array<() => Promise<unknown>> = [];
    const recounts: Array<() => Promise<unknown>> = [];
    const drifts: unknown[][] = [];
    for (let i = 0; i < 12; i++) {
      const at = new Date(Date.UTC(2027, 5, 1) + i * 3_600_000).toISOString();
      bookings.push(() =>
        runOperation(bookAppointment, w.operator, {
          tenant_id: a,
          pet_id: pets[3 + (i % 3)], // pets 0–2 move to the other clinic meanwhile
          scheduled_at: at,
        }).then((appt) =>
          runOperation(changeAppointmentStatus, w.operator, {
            tenant_id: a,
            appointment_id: appt.id,
            status: i % 2 ? 'confirmed' : 'cancelled',
          }),
        ),
      );
    }
    for (const inv of invoices) {
      for (const amount of [20, 30]) {
        payments.push(() =>
          runOperation(recordPayment, w.operator, {
            tenant_id: a,
            invoice_id: inv.id,
            amount,
            payment_method: 'cash',
          }).catch((err) => {
            if (!(err instanceof AppError) || err.status >= 500) throw err;
          }),
        );
      }
    }
    for (const share of shares) {
      redeems.push(() =>
        runOperation(redeemShare, w.operator, {
          code: share.code,
          tenant_id: b,
          user_id: w.clinics[1].user.id,
        }),
      );
    }
    // Recounts (with --fix) among the writes: each counts under the tenant's counter locks, so what it
    // writes is never older than what it locked.
    for (let i = 0; i < 3; i++)
      recounts.push(async () =>
        drifts.push((await runOperation(recountCounters, w.operator, { fix: true })).drift),
      );
    const tasks: Array<() => Promise<unknown>> = [];
    for (let i = 0; i < 12; i++)
      for (const kind of [bookings, payments, redeems, recounts]) if (kind[i]) tasks.push(kind[i]);
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (next < tasks.length) await tasks[next++]();
      }),
    );
    t.deepEqual(drifts, [[], [], []], 'no drift to fix');
    t.log(`concurrent work ${Date.now() - started} ms`);
    await assertExact(w, 'after the concurrent work');
    const counters = await readCounters(w.db, a);
    t.is(counters.get('invoices.paid'), 6);
    t.is(counters.get('appointments.confirmed'), 6);
    t.is(counters.get('pets'), 3);
    t.is((await readCounters(w.db, b)).get('pets'), 3);
  });
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] wfctl clinic recount reports drift (exit 1), --fix sets it right, and a tenant alone`, async (t) => {
    const w = await setUp(dialect);
    t.teardown(w.app.close);
    const cli = (args: string[]) =>
      runCli(['clinic', 'recount', ...args, '--json'], { databaseUrl: w.app.testDb.database.url });
    const [a, b] = w.clinics;
    t.like(await runOperation(recountCounters, w.operator, {}), {
      tenants_checked: 3,
      counters_checked: 3 * knownCounterNames().length,
      drift: [],
    });

    // A counter row that is missing is created by the first change it counts (the upsert).
    await w.db('tenant_counters').where({ tenant_id: a.tenant.id, name: 'appointments.confirmed' }).delete();
    const clientOfA = await w.db('clinic_clients').where('tenant_id', a.tenant.id).first('id');
    const booked = await runOperation(createPet, w.operator, {
      tenant_id: a.tenant.id,
      client_id: clientOfA.id,
      name: 'Booked',
      species: 'cat',
    });
    for (const hour of [9, 10]) {
      await runOperation(bookAppointment, w.operator, {
        tenant_id: a.tenant.id,
        pet_id: booked.id,
        scheduled_at: `2027-03-01T0${hour - 9}:00:00Z`,
        status: 'confirmed',
      });
    }
    t.is((await readCounters(w.db, a.tenant.id)).get('appointments.confirmed'), 2);
    await assertExact(w, 'after a missing counter row was created');

    // Rows written around the operations: a pet moved by hand, a counter row lost, a stray status.
    const clientA = await w.db('clinic_clients').where('tenant_id', a.tenant.id).first('id');
    const pet = await runOperation(createPet, w.operator, {
      tenant_id: a.tenant.id,
      client_id: clientA.id,
      name: 'Moved',
      species: 'dog',
    });
    await w.db('pets').where('id', pet.id).update({ tenant_id: b.tenant.id });
    await w.db('tenant_counters').where({ tenant_id: b.tenant.id, name: 'clients' }).delete();
    await w.db('tenant_counters').insert({ tenant_id: a.tenant.id, name: 'appointments.lost', value: 2 });

    const drifted = await cli([]);
    t.is(drifted.code, 1, drifted.stderr);
    const failure = drifted.json();
    t.is(failure.code, 'COUNTER_DRIFT');
    const drift = failure.drift.map((d: any) => `${d.tenant_slug} ${d.name} ${d.counter}→${d.actual}`);
    t.deepEqual(drift.sort(), [
      `${a.tenant.slug} appointments.lost 2→0`,
      `${a.tenant.slug} pets 2→1`,
      `${b.tenant.slug} clients 0→1`,
      `${b.tenant.slug} pets 0→1`,
    ]);
    // Without --fix nothing changed.
    t.is((await readCounters(w.db, a.tenant.id)).get('pets'), 2);

    // One tenant alone, fixed; the other still drifts.
    const onlyB = await cli(['--tenant', b.tenant.slug, '--fix']);
    t.is(onlyB.code, 0, onlyB.stderr);
    t.like(onlyB.json(), { tenants_checked: 1, fixed: true });
    t.is(onlyB.json().drift.length, 2);
    t.deepEqual((await runOperation(recountCounters, w.operator, { tenant_id: b.tenant.id })).drift, []);
    t.is((await runOperation(recountCounters, w.operator, { tenant_id: a.tenant.id })).drift.length, 2);

    const fixed = await cli(['--fix']);
    t.is(fixed.code, 0, fixed.stderr);
    t.is(fixed.json().drift.length, 2);
    t.deepEqual((await runOperation(recountCounters, w.operator, {})).drift, []);
    await assertExact(w, 'after --fix');
    t.truthy(await w.db('clinic_audit_entries').where('action', 'tenant.counters_fixed').first());
    t.is((await cli(['--tenant', 'no-such-clinic'])).code, 2);
  });
}
