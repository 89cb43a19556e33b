// Prescriptions and order requests: refill rules, validation, the full state machine on both
// sides, permissions (order.read / order.manage) and owner isolation.
import test from 'ava';
import { workOnce } from '../../../src/core/job-queue.js';
import { jobHandlers } from '../../../src/tasks.js';
import type { TestApp } from '../../helpers/app.js';
import { DIALECTS } from '../../helpers/db.js';
import { addStaff, bootClinic, registerOwner, signup } from '../fixtures.js';
import { insertPet, rowCounts, world } from './fixtures.js';

const TABLES = [
  'order_requests',
  'mail_outbox',
  'jobs',
  'clinic_audit_entries',
  'prescriptions',
  'prescription_items',
];

async function prescribe(app: TestApp, tenantId: number, token: string, petId: number) {
  const res = await app.clinic.post(
    `/api/v1/tenant/${tenantId}/patients/${petId}/prescriptions`,
    {
      items: [
        {
          name: 'Amoxicillin',
          dose: '250 mg',
          quantity: '14 tablets',
          instructions: 'Twice a day with food',
        },
        { name: 'Probiotic paste' },
      ],
      notes: 'Recheck in two weeks',
    },
    { token },
  );
  if (res.status !== 201) throw new Error(`prescription failed: ${res.status} ${res.text}`);
  return res.body.data;
}

async function setup(app: TestApp) {
  const w = await world(app);
  const vet = await addStaff(app, w.clinic, 'veterinarian');
  const pharmacy = await signup(app, { business_type: 'pharmacy' });
  const counter = await addStaff(app, pharmacy, 'pharmacy');
  const prescription = await prescribe(app, w.clinic.tenant.id, vet.token, w.petId);
  return { ...w, vet, pharmacy, counter, prescription };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] prescriptions: issued by the clinic, listed for the owner, refill draft`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const { clinic, owner, petId, prescription } = await setup(app);
    t.is(prescription.items.length, 2);
    t.is(prescription.items[0].dose, '250 mg');
    t.is(prescription.tenant.id, clinic.tenant.id);

    const receptionist = await addStaff(app, clinic, 'receptionist');
    const path = `/api/v1/tenant/${clinic.tenant.id}/patients/${petId}/prescriptions`;
    const denied = await app.clinic.post(path, { items: [{ name: 'X' }] }, { token: receptionist.token });
    t.is(denied.status, 403);
    t.is(denied.body.code, 'PERMISSION_DENIED');
    const other = await signup(app);
    const before = await rowCounts(app, TABLES);
    const invalid = await app.clinic.post(
      path,
      { items: [], notes: 'n'.repeat(2001) },
      { token: clinic.token },
    );
    t.is(invalid.status, 422);
    t.deepEqual(Object.keys(invalid.body.errors).sort(), ['items', 'notes']);
    const noName = await app.clinic.post(path, { items: [{ dose: '1' }] }, { token: clinic.token });
    t.is(noName.status, 422);
    t.truthy(noName.body.errors['items[0].name']);
    // Another tenant's patient is a 404.
    const foreign = await app.clinic.post(
      `/api/v1/tenant/${other.tenant.id}/patients/${petId}/prescriptions`,
      { items: [{ name: 'X' }] },
      { token: other.token },
    );
    t.is(foreign.status, 404);
    t.deepEqual(await rowCounts(app, TABLES), before);

    const list = await app.clinic.get(`/api/v1/owner/me/pets/${petId}/prescriptions`, { token: owner.token });
    t.is(list.status, 200);
    t.is(list.body.data.length, 1);
    t.is(list.body.data[0].items[1].name, 'Probiotic paste');

    const draft = await app.clinic.get(
      `/api/v1/owner/me/pets/${petId}/prescriptions/${prescription.id}/refill-draft`,
      { token: owner.token },
    );
    t.is(draft.status, 200);
    t.deepEqual(draft.body.data, {
      kind: 'refill',
      source_prescription_id: prescription.id,
      item_summary: 'Amoxicillin 250 mg × 14 tablets; Probiotic paste',
      notes: `Refill of prescription #${prescription.id} issued by ${clinic.tenant.name} on 2026-01-15.`,
      pet_id: petId,
    });

    const stranger = await registerOwner(app, clinic.tenant.id);
    t.is(
      (await app.clinic.get(`/api/v1/owner/me/pets/${petId}/prescriptions`, { token: stranger.token }))
        .status,
      404,
    );
    const otherPet = await insertPet(app, stranger);
    const crossed = await app.clinic.get(
      `/api/v1/owner/me/pets/${otherPet}/prescriptions/${prescription.id}/refill-draft`,
      { token: stranger.token },
    );
    t.is(crossed.status, 404);
  });

  test(`[${dialect}] order validation: 422 naming fields, nothing written`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const { clinic, owner, pharmacy, prescription } = await setup(app);
    const stranger = await registerOwner(app, clinic.tenant.id);
    const otherPet = await insertPet(app, {
      clientId: (await registerOwner(app, clinic.tenant.id)).clientId,
    });
    const petId = prescription.pet_id;
    const path = `/api/v1/owner/me/pets/${petId}/orders`;
    const before = await rowCounts(app, TABLES);
    const post = (body: unknown, token = owner.token) => app.clinic.post(path, body, { token });
    const fields = (res: any) => Object.keys(res.body.errors ?? {}).sort();

    const empty = await post({});
    t.is(empty.status, 422);
    t.deepEqual(fields(empty), ['delivery_preference', 'kind', 'target_tenant_id']);

    const refill = await post({
      target_tenant_id: pharmacy.tenant.id,
      kind: 'refill',
      delivery_preference: 'pickup',
    });
    t.deepEqual(fields(refill), ['source_prescription_id']);
    const reorder = await post({
      target_tenant_id: pharmacy.tenant.id,
      kind: 'reorder',
      delivery_preference: 'pickup',
    });
    t.deepEqual(fields(reorder), ['item_summary']);
    const custom = await post({
      target_tenant_id: pharmacy.tenant.id,
      kind: 'custom',
      delivery_preference: 'delivery',
    });
    t.deepEqual(fields(custom), ['delivery_address', 'item_summary']);
    const enums = await post({
      target_tenant_id: 'abc',
      kind: 'gift',
      delivery_preference: 'drone',
      notes: 'n'.repeat(2001),
    });
    t.deepEqual(fields(enums), ['delivery_preference', 'kind', 'notes', 'target_tenant_id']);

    const clinicTarget = await post({
      target_tenant_id: clinic.tenant.id,
      kind: 'reorder',
      item_summary: 'Kibble',
      delivery_preference: 'pickup',
    });
    t.is(clinicTarget.status, 422);
    t.deepEqual(fields(clinicTarget), ['target_tenant_id']);
    const unknown = await post({
      target_tenant_id: 999999,
      kind: 'reorder',
      item_summary: 'Kibble',
      delivery_preference: 'pickup',
    });
    t.deepEqual(fields(unknown), ['target_tenant_id']);
    // A clinic as the seller and a missing delivery address, together: one 422 names both.
    const both = await post({
      target_tenant_id: clinic.tenant.id,
      kind: 'reorder',
      item_summary: 'Kibble',
      delivery_preference: 'delivery',
    });
    t.is(both.status, 422);
    t.deepEqual(fields(both), ['delivery_address', 'target_tenant_id']);
    t.regex(both.body.errors.target_tenant_id[0], /pharmacy or retail/);

    // A prescription of another pet cannot be refilled for this one.
    const vet = await addStaff(app, clinic, 'veterinarian');
    const foreignRx = await prescribe(app, clinic.tenant.id, vet.token, otherPet);
    const crossed = await post({
      target_tenant_id: pharmacy.tenant.id,
      kind: 'refill',
      source_prescription_id: foreignRx.id,
      delivery_preference: 'pickup',
    });
    t.is(crossed.status, 422);
    t.deepEqual(fields(crossed), ['source_prescription_id']);

    // Somebody else's pet: 404.
    const notMine = await post(
      {
        target_tenant_id: pharmacy.tenant.id,
        kind: 'reorder',
        item_summary: 'Kibble',
        delivery_preference: 'pickup',
      },
      stranger.token,
    );
    t.is(notMine.status, 404);
    const after = await rowCounts(app, TABLES);
    t.is(after.order_requests, before.order_requests);
    t.is(after.mail_outbox, before.mail_outbox);
    t.is(after.jobs, before.jobs);
  });

  test(`[${dialect}] order state machine, seller email job, permissions and isolation`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const { clinic, owner, petId, pharmacy, counter, prescription } = await setup(app);
    const db = app.services.db;

    const created = await app.clinic.post(
      `/api/v1/owner/me/pets/${petId}/orders`,
      {
        target_tenant_id: pharmacy.tenant.id,
        kind: 'refill',
        source_prescription_id: prescription.id,
        delivery_preference: 'delivery',
        delivery_address: '12 Residency Road',
        notes: 'Ring twice',
      },
      { token: owner.token },
    );
    t.is(created.status, 201, created.text);
    const order = created.body.data;
    t.is(order.status, 'pending');
    t.is(order.item_summary, 'Amoxicillin 250 mg × 14 tablets; Probiotic paste');
    t.is(order.source_prescription.items.length, 2);
    t.is(order.target_tenant.id, pharmacy.tenant.id);

    const mail = await db('mail_outbox').where('to_address', pharmacy.tenant.email).first();
    t.truthy(mail);
    t.regex(mail.body, /12 Residency Road/);
    const job = await db('jobs').where('name', 'SendOrderRequestEmailJob').first();
    t.deepEqual(JSON.parse(job.payload), { mail_id: Number(mail.id) });
    t.is((await workOnce(app.services, jobHandlers, 'test-worker'))?.status, 'done');
    t.is((await db('mail_outbox').where('id', mail.id).first()).status, 'sent');

    // Permissions: a clinic-only tenant's receptionist, the pharmacy's receptionist → 403.
    const clinicDesk = await addStaff(app, clinic, 'receptionist');
    t.is(
      (await app.clinic.get(`/api/v1/tenant/${clinic.tenant.id}/orders`, { token: clinicDesk.token })).status,
      403,
    );
    const pharmacyDesk = await addStaff(app, pharmacy, 'receptionist');
    const deskList = await app.clinic.get(`/api/v1/tenant/${pharmacy.tenant.id}/orders`, {
      token: pharmacyDesk.token,
    });
    t.is(deskList.status, 403);
    t.is(deskList.body.code, 'PERMISSION_DENIED');
    const deskAccept = await app.clinic.post(
      `/api/v1/tenant/${pharmacy.tenant.id}/orders/${order.id}/accept`,
      undefined,
      { token: pharmacyDesk.token },
    );
    t.is(deskAccept.status, 403);
    // Another pharmacy's admin: the order is not theirs (404).
    const rival = await signup(app, { business_type: 'pharmacy' });
    t.is(
      (
        await app.clinic.post(`/api/v1/tenant/${rival.tenant.id}/orders/${order.id}/accept`, undefined, {
          token: rival.token,
        })
      ).status,
      404,
    );

    const queue = await app.clinic.get(`/api/v1/tenant/${pharmacy.tenant.id}/orders`, {
      token: counter.token,
    });
    t.is(queue.status, 200);
    t.deepEqual(
      queue.body.data.map((o: any) => o.id),
      [order.id],
    );
    t.is(queue.body.data[0].requester.email, owner.email);

    const seller = (action: string, id = order.id, body?: unknown) =>
      app.clinic.post(`/api/v1/tenant/${pharmacy.tenant.id}/orders/${id}/${action}`, body, {
        token: counter.token,
      });

    t.is((await seller('fulfill')).status, 422); // pending cannot be fulfilled
    app.clock.advance(60_000);
    const accepted = await seller('accept');
    t.is(accepted.status, 200);
    t.is(accepted.body.data.status, 'accepted');
    t.is(accepted.body.data.accepted_at, app.clock.now().toISOString());
    t.is(accepted.body.data.assigned_to_user_id, counter.userId);
    t.is(accepted.body.data.assignee.id, counter.userId);
    const twice = await seller('accept');
    t.is(twice.status, 422);
    t.is(twice.body.code, 'ORDER_STATE');
    t.is((await seller('reject')).status, 422);
    const fulfilled = await seller('fulfill');
    t.is(fulfilled.body.data.status, 'fulfilled');
    const late = await app.clinic.post(`/api/v1/owner/me/orders/${order.id}/cancel`, undefined, {
      token: owner.token,
    });
    t.is(late.status, 422);
    t.truthy(late.body.errors.status);
    t.is(
      (await app.clinic.get(`/api/v1/tenant/${pharmacy.tenant.id}/orders`, { token: counter.token })).body
        .data.length,
      0,
    );
    const all = await app.clinic.get(`/api/v1/tenant/${pharmacy.tenant.id}/orders?status=all`, {
      token: counter.token,
    });
    t.is(all.body.data.length, 1);
    t.is(
      (
        await app.clinic.get(`/api/v1/tenant/${pharmacy.tenant.id}/orders?status=lost`, {
          token: counter.token,
        })
      ).status,
      422,
    );

    // Reject with a reason the owner sees; cancel pending; cancel twice.
    const reorder = {
      target_tenant_id: pharmacy.tenant.id,
      kind: 'reorder',
      item_summary: 'Kibble 5 kg',
      delivery_preference: 'pickup',
    };
    const second = (
      await app.clinic.post(`/api/v1/owner/me/pets/${petId}/orders`, reorder, { token: owner.token })
    ).body.data;
    t.is((await seller('reject', second.id, { reason: 'Out of stock until Friday' })).status, 200);
    const seen = await app.clinic.get(`/api/v1/owner/me/orders/${second.id}`, { token: owner.token });
    t.is(seen.body.data.status, 'rejected');
    t.is(seen.body.data.reason, 'Out of stock until Friday');
    const third = (
      await app.clinic.post(`/api/v1/owner/me/pets/${petId}/orders`, reorder, { token: owner.token })
    ).body.data;
    const cancelled = await app.clinic.post(`/api/v1/owner/me/orders/${third.id}/cancel`, undefined, {
      token: owner.token,
    });
    t.is(cancelled.status, 200);
    t.is(cancelled.body.data.status, 'cancelled');
    t.is(cancelled.body.data.cancelled_at, app.clock.now().toISOString());
    t.is(
      (await app.clinic.post(`/api/v1/owner/me/orders/${third.id}/cancel`, undefined, { token: owner.token }))
        .status,
      422,
    );
    t.is((await seller('accept', third.id)).status, 422);

    const mine = await app.clinic.get('/api/v1/owner/me/orders', { token: owner.token });
    t.deepEqual(
      mine.body.data.map((o: any) => o.id),
      [third.id, second.id, order.id],
    );
    t.is(mine.body.meta.per_page, 30);
    const filtered = await app.clinic.get('/api/v1/owner/me/orders?status=rejected', { token: owner.token });
    t.deepEqual(
      filtered.body.data.map((o: any) => o.id),
      [second.id],
    );

    // Another owner sees none of it.
    const stranger = await registerOwner(app, clinic.tenant.id);
    t.is(
      (await app.clinic.get(`/api/v1/owner/me/orders/${order.id}`, { token: stranger.token })).status,
      404,
    );
    t.is(
      (
        await app.clinic.post(`/api/v1/owner/me/orders/${second.id}/cancel`, undefined, {
          token: stranger.token,
        })
      ).status,
      404,
    );
    t.is((await app.clinic.get('/api/v1/owner/me/orders', { token: stranger.token })).body.data.length, 0);
  });

  test(`[${dialect}] caregivers and orders: view cannot order, full can; the owner lists the caregiver's order but only its requester opens or cancels it`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const { clinic, owner, petId, pharmacy } = await setup(app);
    const db = app.services.db;
    const grant = async (level: 'view' | 'full') => {
      const u = await registerOwner(app, clinic.tenant.id);
      await db('pet_caregivers').insert({
        pet_id: petId,
        invited_by_user_id: owner.userId,
        invited_email: u.email,
        access_level: level,
        token_hash: `${level}`.padEnd(64, '0'),
        caregiver_user_id: u.userId,
        expires_at: '2026-02-01 00:00:00.000',
        accepted_at: '2026-01-15 10:00:00.000',
        created_at: '2026-01-15 10:00:00.000',
        updated_at: '2026-01-15 10:00:00.000',
      });
      return u;
    };
    const viewer = await grant('view');
    const helper = await grant('full');
    const body = {
      target_tenant_id: pharmacy.tenant.id,
      kind: 'custom',
      item_summary: 'Flea collar',
      delivery_preference: 'pickup',
    };
    t.is(
      (await app.clinic.post(`/api/v1/owner/me/pets/${petId}/orders`, body, { token: viewer.token })).status,
      404,
    );
    const placed = await app.clinic.post(`/api/v1/owner/me/pets/${petId}/orders`, body, {
      token: helper.token,
    });
    t.is(placed.status, 201);
    t.is(placed.body.data.requester_user_id, helper.userId);
    const ownerList = await app.clinic.get(`/api/v1/owner/me/orders?pet_id=${petId}`, { token: owner.token });
    t.deepEqual(
      ownerList.body.data.map((o: any) => o.id),
      [placed.body.data.id],
    );
    t.is(
      (await app.clinic.get(`/api/v1/owner/me/orders/${placed.body.data.id}`, { token: helper.token }))
        .status,
      200,
    );
    t.is(
      (await app.clinic.get(`/api/v1/owner/me/orders/${placed.body.data.id}`, { token: viewer.token }))
        .status,
      404,
    );
    // "404 for anyone but the requester": the primary owner included, for the detail and the cancel.
    const id = placed.body.data.id;
    t.is((await app.clinic.get(`/api/v1/owner/me/orders/${id}`, { token: owner.token })).status, 404);
    const cancelByOwner = await app.clinic.post(
      `/api/v1/owner/me/orders/${id}/cancel`,
      {},
      { token: owner.token },
    );
    t.is(cancelByOwner.status, 404);
    t.is((await db('order_requests').where({ id }).first()).status, 'pending', 'nothing changed');
    const cancelled = await app.clinic.post(
      `/api/v1/owner/me/orders/${id}/cancel`,
      {},
      { token: helper.token },
    );
    t.is(cancelled.status, 200);
    t.is(cancelled.body.data.status, 'cancelled');
  });
}
