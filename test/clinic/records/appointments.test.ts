// Appointments: booking (store body, validation), the status transitions, lists with pet, client and
// veterinarian, tenant isolation, the owner's list, and the dashboard counts.
import test from 'ava';
import { DIALECTS } from '../../helpers/db.js';
import { addStaff } from '../fixtures.js';
import { createPet, recordCounts, world, type World } from './fixtures.js';

async function book(w: World, body: Record<string, unknown>) {
  return w.app.clinic.post(`${w.t}/appointments`, body, { token: w.admin.token });
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] booking an appointment: 201 with pet, client and veterinarian`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const vet = await addStaff(w.app, w.admin, 'veterinarian');
    const pet = await createPet(w);
    const res = await book(w, {
      pet_id: pet.id,
      scheduled_at: '2026-03-01T10:30:00+05:30',
      veterinarian_user_id: vet.userId,
      reason: 'Vaccination',
    });
    t.is(res.status, 201);
    t.like(res.body.data, {
      tenant_id: w.admin.tenant.id,
      pet_id: pet.id,
      client_id: w.owner.clientId,
      status: 'scheduled',
      scheduled_at: '2026-03-01T05:00:00.000Z',
      reason: 'Vaccination',
      notes: null,
      pet: { id: pet.id, name: 'Bruno' },
      client: { id: w.owner.clientId },
      veterinarian: { id: vet.userId, email: vet.email },
    });
    const confirmed = await book(w, {
      pet_id: pet.id,
      scheduled_at: '2026-03-02T09:00:00Z',
      status: 'confirmed',
    });
    t.is(confirmed.status, 201);
    t.like(confirmed.body.data, { status: 'confirmed', veterinarian: null });
  });

  test(`[${dialect}] a bad store-appointment body is a 422 naming each field and writes nothing`, async (t) => {
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
    const missing = await book(w, { status: 'completed' });
    t.is(missing.status, 422);
    t.deepEqual(Object.keys(missing.body.errors).sort(), ['pet_id', 'scheduled_at', 'status']);
    const noZone = await book(w, { pet_id: foreignPet.id, scheduled_at: '2026-03-01 10:30' });
    t.deepEqual(Object.keys(noZone.body.errors), ['scheduled_at']);
    // Date() would roll these over (to March 2nd, to the next midnight): an instant must exist as written.
    for (const scheduled_at of ['2026-02-30T12:30:00+05:30', '2026-03-01T24:00:00Z']) {
      const unreal = await book(w, { pet_id: foreignPet.id, scheduled_at });
      t.is(unreal.status, 422, scheduled_at);
      t.deepEqual(Object.keys(unreal.body.errors), ['scheduled_at'], scheduled_at);
      t.regex(unreal.body.errors.scheduled_at[0], /exists/, 'the format was right: the date-time is not');
    }
    const foreign = await book(w, {
      pet_id: foreignPet.id,
      scheduled_at: '2026-03-01T10:30:00Z',
      veterinarian_user_id: w.other.user.id,
    });
    t.is(foreign.status, 422);
    t.deepEqual(Object.keys(foreign.body.errors).sort(), ['pet_id', 'veterinarian_user_id']);
    t.deepEqual(await recordCounts(w.db), before);
  });

  test(`[${dialect}] status transitions: allowed moves, final statuses, no-op repeats, 404 across tenants`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const pet = await createPet(w);
    const id = (await book(w, { pet_id: pet.id, scheduled_at: '2026-03-01T10:00:00Z' })).body.data.id;
    const move = (status: unknown, path = `${w.t}/appointments/${id}`, token = w.admin.token) =>
      w.app.clinic.patch(path, { status }, { token });

    t.is((await move('confirmed')).body.data.status, 'confirmed');
    t.is((await move('confirmed')).status, 200, 'the same status again changes nothing');
    const back = await move('scheduled');
    t.is(back.status, 422);
    t.deepEqual(Object.keys(back.body.errors), ['status']);
    t.is((await move('checked_in')).body.data.status, 'checked_in');
    t.is((await move('no_show')).status, 422, 'a checked-in patient did show');
    t.is((await move('completed')).body.data.status, 'completed');
    for (const next of ['scheduled', 'cancelled', 'no_show', 'checked_in']) {
      const res = await move(next);
      t.is(res.status, 422, next);
      t.regex(res.body.errors.status[0], /final/);
    }
    t.is((await move('done')).status, 422);
    t.is((await move(undefined)).status, 422);
    t.is((await w.db('appointments').where('id', id).first()).status, 'completed');
    const changes = await w
      .db('clinic_audit_entries')
      .where({ action: 'appointment.status_changed' })
      .count({ n: '*' })
      .first();
    t.is(Number(changes?.n), 3);

    const foreign = await move(
      'cancelled',
      `/api/v1/tenant/${w.other.tenant.id}/appointments/${id}`,
      w.other.token,
    );
    t.is(foreign.status, 404);

    const second = (await book(w, { pet_id: pet.id, scheduled_at: '2026-03-05T10:00:00Z' })).body.data.id;
    t.is((await move('cancelled', `${w.t}/appointments/${second}`)).body.data.status, 'cancelled');
    t.is((await move('confirmed', `${w.t}/appointments/${second}`)).status, 422);
  });

  test(`[${dialect}] appointment lists: the tenant's 20 per page, the owner's own only; dashboard counts`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const pet = await createPet(w);
    for (let day = 1; day <= 21; day++) {
      const at = `2026-04-${String(day).padStart(2, '0')}T08:00:00Z`;
      t.is((await book(w, { pet_id: pet.id, scheduled_at: at })).status, 201);
    }
    const foreignPet = await createPet(
      w,
      {},
      {
        tenantPath: `/api/v1/tenant/${w.other.tenant.id}`,
        token: w.other.token,
        clientId: w.otherOwner.clientId,
      },
    );
    await w.app.clinic.post(
      `/api/v1/tenant/${w.other.tenant.id}/appointments`,
      { pet_id: foreignPet.id, scheduled_at: '2026-04-01T08:00:00Z' },
      { token: w.other.token },
    );
    const list = await w.app.clinic.get(`${w.t}/appointments`, { token: w.admin.token });
    t.is(list.body.data.length, 20);
    t.like(list.body.meta, { per_page: 20, total: 21, last_page: 2 });
    t.is(list.body.data[0].scheduled_at, '2026-04-21T08:00:00.000Z');
    t.like(list.body.data[0], {
      pet: { name: 'Bruno' },
      client: { id: w.owner.clientId },
      veterinarian: null,
    });

    const mine = await w.app.clinic.get('/api/v1/owner/me/appointments?page=2', { token: w.owner.token });
    t.is(mine.status, 200);
    t.like(mine.body.meta, { current_page: 2, per_page: 20, total: 21 });
    t.is(mine.body.data.length, 1);
    const theirs = await w.app.clinic.get('/api/v1/owner/me/appointments', { token: w.otherOwner.token });
    t.is(theirs.body.meta.total, 1);
    t.is(theirs.body.data[0].pet_id, foreignPet.id);

    const dashboard = await w.app.clinic.get(`${w.t}/dashboard`, { token: w.admin.token });
    t.like(dashboard.body.data.stats, { pets_count: 1, clients_count: 1, appointments_count: 21 });
  });
}
