// `wfctl pet|appointment|invoice|order|health-log|gateway …` run as a script would (no terminal):
// the records commands with --json, as the operator and as a staff member (--actor); a bad flag is
// exit 2 naming the flag; a member without the permission gets the 403's message; a refused command
// changes nothing.
import test from 'ava';
import { DIALECTS } from '../../helpers/db.js';
import { runCli } from '../../helpers/cli.js';
import { operatorContext } from '../../../src/clinic/context.js';
import { createPet as createPetOp } from '../../../src/clinic/pets/operations/create-pet.js';
import { listPets } from '../../../src/clinic/pets/operations/list-pets.js';
import { updatePet } from '../../../src/clinic/pets/operations/update-pet.js';
import { runOperation } from '../../../src/core/operation.js';
import { addStaff, signup } from '../fixtures.js';
import { createPet, recordCounts, world, type World } from './fixtures.js';

const cliFor = (w: World) => (args: string[]) =>
  runCli([...args, '--json'], { databaseUrl: w.app.testDb.database.url });

for (const dialect of DIALECTS) {
  test(`[${dialect}] pets, appointments, invoices and payments from the CLI, as the operator and as a member`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const cli = cliFor(w);
    const slug = w.admin.tenant.slug;

    const created = await cli([
      'pet',
      'create',
      '--tenant',
      slug,
      '--client',
      String(w.owner.clientId),
      '--name',
      'Bruno',
      '--species',
      'dog',
      '--weight',
      '31.5',
    ]);
    t.is(created.code, 0, created.stderr);
    const pet = created.json();
    t.like(pet, {
      tenant_id: w.admin.tenant.id,
      client_id: w.owner.clientId,
      name: 'Bruno',
      weight_kg: 31.5,
    });
    t.like(await w.db('clinic_audit_entries').where('action', 'pet.created').first(), {
      via: 'cli',
      actor_user_id: null,
    });

    const updated = await cli(['pet', 'update', String(pet.id), '--tenant', slug, '--breed', 'Labrador']);
    t.is(updated.code, 0, updated.stderr);
    t.like(updated.json(), { id: pet.id, breed: 'Labrador', weight_kg: 31.5 });

    const listed = await cli([
      'pet',
      'list',
      '--tenant',
      String(w.admin.tenant.id),
      '--actor',
      w.admin.email,
    ]);
    t.is(listed.code, 0, listed.stderr);
    t.deepEqual(
      listed.json().data.map((p: any) => [p.id, p.breed]),
      [[pet.id, 'Labrador']],
    );
    t.like(listed.json().meta, { current_page: 1, last_page: 1, per_page: 20, total: 1 });

    const booked = await cli([
      'appointment',
      'book',
      '--tenant',
      slug,
      '--pet',
      String(pet.id),
      '--at',
      '2026-03-01T10:30:00+05:30',
      '--reason',
      'Vaccination',
      '--actor',
      w.admin.email,
    ]);
    t.is(booked.code, 0, booked.stderr);
    t.like(booked.json(), { pet_id: pet.id, status: 'scheduled', scheduled_at: '2026-03-01T05:00:00.000Z' });
    t.like(await w.db('clinic_audit_entries').where('action', 'appointment.created').first(), {
      via: 'cli',
      actor_user_id: w.admin.user.id,
    });

    const moved = await cli([
      'appointment',
      'status',
      String(booked.json().id),
      'checked_in',
      '--tenant',
      slug,
      '--yes',
    ]);
    t.is(moved.code, 0, moved.stderr);
    t.like(moved.json(), { dry_run: false, from: 'scheduled', appointment: { status: 'checked_in' } });

    const invoice = await cli([
      'invoice',
      'create',
      '--tenant',
      slug,
      '--client',
      String(w.owner.clientId),
      '--pet',
      String(pet.id),
      '--item',
      'Rabies vaccine=450.5',
      '--item',
      'Consultation=2x300',
      '--payment-amount',
      '100',
      '--payment-method',
      'cash',
    ]);
    t.is(invoice.code, 0, invoice.stderr);
    t.like(invoice.json(), { status: 'partial', total: 1050.5, amount_paid: 100, balance_due: 950.5 });
    t.deepEqual(
      invoice.json().items.map((i: any) => [i.description, i.quantity, i.unit_price]),
      [
        ['Rabies vaccine', 1, 450.5],
        ['Consultation', 2, 300],
      ],
    );

    const paid = await cli([
      'invoice',
      'record-payment',
      String(invoice.json().id),
      '--tenant',
      slug,
      '--amount',
      '950.5',
      '--method',
      'upi',
      '--reference',
      'UPI-1',
      '--yes',
      '--actor',
      w.admin.email,
    ]);
    t.is(paid.code, 0, paid.stderr);
    t.like(paid.json(), { dry_run: false, invoice: { status: 'paid', balance_due: 0 } });

    // HTTP reads what the CLI wrote.
    const http = await w.app.clinic.get(`${w.t}/invoices`, { token: w.admin.token });
    t.deepEqual(
      http.body.data[0].payments.map((p: any) => [p.amount, p.payment_method, p.reference_number]),
      [
        [100, 'cash', null],
        [950.5, 'upi', 'UPI-1'],
      ],
    );
  });

  test(`[${dialect}] a bad flag is exit 2 naming the flag, and nothing changes`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const cli = cliFor(w);
    const slug = w.admin.tenant.slug;
    const pet = await createPet(w);
    const invoice = (
      await w.app.clinic.post(
        `${w.t}/invoices`,
        { client_id: w.owner.clientId, total: 100 },
        { token: w.admin.token },
      )
    ).body.data;
    const before = await recordCounts(w.db);

    const negative = await cli([
      'invoice',
      'record-payment',
      String(invoice.id),
      '--tenant',
      slug,
      '--amount',
      '-5',
      '--method',
      'cash',
      '--yes',
    ]);
    t.is(negative.code, 2);
    t.deepEqual(Object.keys(negative.json().errors), ['--amount']);
    t.is(negative.json().code, 'VALIDATION_FAILED');
    t.regex(negative.stderr, /The --amount field must be greater than 0/);

    const weight = await cli(['pet', 'update', String(pet.id), '--tenant', slug, '--weight', '1.234']);
    t.is(weight.code, 2);
    t.deepEqual(weight.json().errors, {
      '--weight': ['The --weight field must have at most 2 decimal places.'],
    });

    const item = await cli(['invoice', 'create', '--tenant', slug, '--client', '1', '--item', 'Vaccine']);
    t.is(item.code, 2);
    t.deepEqual(Object.keys(item.json().errors), ['--item']);

    const noTenant = await cli(['appointment', 'list']);
    t.is(noTenant.code, 2);
    t.regex(noTenant.stderr, /Missing required option --tenant/);

    const unknown = await cli(['order', 'list', '--tenant', 'no-such-tenant']);
    t.is(unknown.code, 2);
    t.regex(unknown.stderr, /--tenant: no tenant no-such-tenant with that id or slug\./);

    t.deepEqual(await recordCounts(w.db), before);
    t.is((await w.db('pets').where('id', pet.id).first()).weight_kg, null);
  });

  test(`[${dialect}] --vet names a member of the tenant by email or id, resolved by the operation; another tenant's is unknown`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const cli = cliFor(w);
    const slug = w.admin.tenant.slug;
    const pet = await createPet(w);
    const vet = await addStaff(w.app, w.admin, 'veterinarian');
    const outsider = await addStaff(w.app, w.other, 'veterinarian');
    const book = (at: string, who: string) =>
      cli(['appointment', 'book', '--tenant', slug, '--pet', String(pet.id), '--at', at, '--vet', who]);

    const byEmail = await book('2026-03-01T10:30:00+05:30', vet.email.toUpperCase());
    t.is(byEmail.code, 0, byEmail.stderr);
    t.is(byEmail.json().veterinarian_user_id, vet.userId);
    const byId = await book('2026-03-01T11:30:00+05:30', String(vet.userId));
    t.is(byId.code, 0, byId.stderr);
    t.is(byId.json().veterinarian_user_id, vet.userId);
    const listed = await cli(['appointment', 'list', '--tenant', slug, '--vet', vet.email]);
    t.is(listed.code, 0, listed.stderr);
    t.is(listed.json().data.length, 2);

    const before = await recordCounts(w.db);
    // One error for a name that is not a member here: a 404 naming --vet (exit 2), the nearest offered.
    const typo = await book('2026-03-01T12:30:00+05:30', vet.email.replace('@', 'x@'));
    t.is(typo.code, 2);
    t.deepEqual(Object.keys(typo.json().errors), ['--vet']);
    t.regex(typo.stderr, new RegExp(`--vet: no member .* in this tenant\\. Did you mean ${vet.email}\\?`));
    const elsewhere = await book('2026-03-01T12:30:00+05:30', outsider.email);
    t.is(elsewhere.code, 2);
    t.regex(elsewhere.stderr, /--vet: no member .* in this tenant/);
    const moved = await cli(
      ['appointment', 'reschedule', String(byId.json().id), '--tenant', slug].concat([
        '--at',
        '2026-03-02T10:30:00+05:30',
        '--vet',
        String(outsider.userId),
      ]),
    );
    t.is(moved.code, 2);
    t.deepEqual(Object.keys(moved.json().errors), ['--vet']);
    t.deepEqual(await recordCounts(w.db), before);

    // HTTP takes veterinarian_user_id only: the CLI's name is not part of the body, and is dropped.
    const http = await w.app.clinic.post(
      `${w.t}/appointments`,
      { pet_id: pet.id, scheduled_at: '2026-03-03T10:30:00+05:30', veterinarian: 'nobody@example.test' },
      { token: w.admin.token },
    );
    t.is(http.status, 201, http.text);
    t.is(http.body.data.veterinarian_user_id, null);
  });

  test(`[${dialect}] pet operations take the tenant by name and resolve it themselves; HTTP passes tenant_id only`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const operator = operatorContext(w.app.services);
    const slug = w.admin.tenant.slug;
    const listed = await runOperation(listPets, operator, { tenant: slug.toUpperCase() });
    t.is(listed.total, 0);
    const created = await runOperation(createPetOp, operator, {
      tenant: String(w.admin.tenant.id),
      client_id: w.owner.clientId,
      name: 'Mia',
      species: 'cat',
    });
    t.is(created.tenant_id, w.admin.tenant.id);
    // The refs' one error for an unknown name: a 404 naming the field, with the nearest slug.
    const unknown = await t.throwsAsync(
      runOperation(updatePet, operator, { tenant: `${slug}x`, pet_id: created.id, name: 'Max' }),
    );
    t.like(unknown, {
      status: 404,
      errors: { tenant: [`tenant: no tenant ${slug}x with that id or slug. Did you mean ${slug}?`] },
    });
    // Neither name nor id: refused, nothing read.
    const neither = await t.throwsAsync(runOperation(listPets, operator, {}));
    t.like(neither, { status: 422 });
    // Over HTTP the tenant is the path's: a `tenant` in the body or query is not the route's, and is dropped.
    const http = await w.app.clinic.post(
      `${w.t}/pets`,
      { client_id: w.owner.clientId, name: 'Bruno', species: 'dog', tenant: w.other.tenant.slug },
      { token: w.admin.token },
    );
    t.is(http.status, 201, http.text);
    t.is(http.body.data.tenant_id, w.admin.tenant.id);
    const page = await w.app.clinic.get(`${w.t}/pets?tenant=${w.other.tenant.slug}`, {
      token: w.admin.token,
    });
    t.is(page.body.meta.total, 2);
  });

  test(`[${dialect}] an --actor member without the permission gets the 403's message and changes nothing`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const cli = cliFor(w);
    const pet = await createPet(w);
    const pharmacy = await signup(w.app, { business_type: 'pharmacy' });
    const counter = await addStaff(w.app, pharmacy, 'pharmacy');
    const receptionist = await addStaff(w.app, pharmacy, 'receptionist');
    const vet = await addStaff(w.app, w.admin, 'veterinarian');
    const ordered = await w.app.clinic.post(
      `/api/v1/owner/me/pets/${pet.id}/orders`,
      {
        target_tenant_id: pharmacy.tenant.id,
        kind: 'custom',
        item_summary: 'Kidney diet, 2 kg',
        delivery_preference: 'pickup',
      },
      { token: w.owner.token },
    );
    t.is(ordered.status, 201, ordered.text);
    const orderId = String(ordered.body.data.id);
    const before = await recordCounts(w.db);

    const denied = await cli([
      'order',
      'accept',
      orderId,
      '--tenant',
      pharmacy.tenant.slug,
      '--actor',
      receptionist.email,
      '--yes',
    ]);
    t.is(denied.code, 2);
    t.like(denied.json(), {
      message: 'This action requires the order.manage permission.',
      code: 'PERMISSION_DENIED',
    });
    t.regex(denied.stderr, /This action requires the order\.manage permission\./);

    const outsider = await cli(['order', 'list', '--tenant', pharmacy.tenant.slug, '--actor', vet.email]);
    t.is(outsider.code, 2);
    t.like(outsider.json(), { message: 'You are not a member of this tenant.', code: 'NOT_A_MEMBER' });

    const journal = await cli([
      'health-log',
      'list',
      '--tenant',
      w.admin.tenant.slug,
      '--pet',
      String(pet.id),
      '--actor',
      w.owner.email,
    ]);
    t.is(journal.code, 2);
    t.is(journal.json().code, 'NOT_A_MEMBER');

    t.is((await w.db('order_requests').where('id', orderId).first()).status, 'pending');
    t.deepEqual(await recordCounts(w.db), before);

    // The pharmacy's counter holds order.manage: the order is accepted and assigned to them.
    const accepted = await cli([
      'order',
      'accept',
      orderId,
      '--tenant',
      pharmacy.tenant.slug,
      '--actor',
      counter.email,
      '--yes',
    ]);
    t.is(accepted.code, 0, accepted.stderr);
    t.like(accepted.json(), {
      dry_run: false,
      order: { status: 'accepted', assigned_to_user_id: counter.userId },
    });
    const queue = await cli(['order', 'list', '--tenant', pharmacy.tenant.slug, '--status', 'all']);
    t.is(queue.code, 0, queue.stderr);
    t.deepEqual(
      queue.json().data.map((o: any) => [o.id, o.status]),
      [[Number(orderId), 'accepted']],
    );

    // The clinic's veterinarian reads the patient's journal (medical_record.read).
    const read = await cli([
      'health-log',
      'list',
      '--tenant',
      w.admin.tenant.slug,
      '--pet',
      String(pet.id),
      '--actor',
      vet.email,
    ]);
    t.is(read.code, 0, read.stderr);
    t.like(read.json().meta, { total: 0, per_page: 50 });
  });
}
