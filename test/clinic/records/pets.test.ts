// Pets (patients): clinic side under /tenant/{tenant} and the owner's under /owner/me — creation,
// validation (422 naming fields, nothing written), pagination, partial updates, tenant and owner isolation.
import test from 'ava';
import { DIALECTS } from '../../helpers/db.js';
import { addStaff } from '../fixtures.js';
import { createPet, recordCounts, world } from './fixtures.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] the clinic registers a pet for its client, also through /patients/onboard`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const res = await w.app.clinic.post(
      `${w.t}/pets`,
      {
        name: ' Bruno ',
        species: 'dog',
        breed: 'Labrador',
        sex: 'male',
        date_of_birth: '2020-04-01',
        color: 'golden',
        microchip_id: '900000000000001',
        weight_kg: 31.25,
        client_id: w.owner.clientId,
      },
      { token: w.admin.token },
    );
    t.is(res.status, 201);
    const pet = res.body.data;
    t.like(pet, {
      tenant_id: w.admin.tenant.id,
      client_id: w.owner.clientId,
      name: 'Bruno',
      species: 'dog',
      breed: 'Labrador',
      sex: 'male',
      date_of_birth: '2020-04-01',
      color: 'golden',
      microchip_id: '900000000000001',
      weight_kg: 31.25,
      client: { id: w.owner.clientId, owner_user_id: w.owner.userId, email: w.owner.email },
    });
    const onboard = await w.app.clinic.post(
      `/api/v1/tenant/${w.admin.tenant.slug}/patients/onboard`,
      { name: 'Misty', species: 'cat', client_id: w.owner.clientId },
      { token: w.admin.token },
    );
    t.is(onboard.status, 201);
    t.like(onboard.body.data, { name: 'Misty', sex: 'unknown', breed: null, weight_kg: null });
    const audit = await w
      .db('clinic_audit_entries')
      .where({ action: 'pet.created' })
      .count({ n: '*' })
      .first();
    t.is(Number(audit?.n), 2);
  });

  test(`[${dialect}] a bad store-pet body is a 422 naming each field and writes nothing`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const before = await recordCounts(w.db);
    const bad = await w.app.clinic.post(
      `${w.t}/pets`,
      {
        name: '  ',
        sex: 'dragon',
        date_of_birth: '2021-02-30',
        weight_kg: 1.234,
        microchip_id: 'x'.repeat(41),
      },
      { token: w.admin.token },
    );
    t.is(bad.status, 422);
    t.deepEqual(Object.keys(bad.body.errors).sort(), [
      'client_id',
      'date_of_birth',
      'microchip_id',
      'name',
      'sex',
      'species',
      'weight_kg',
    ]);
    // A client of another tenant, and a birth date in the future (the test clock's today is the limit).
    const foreign = await w.app.clinic.post(
      `${w.t}/pets`,
      { name: 'Rex', species: 'dog', client_id: w.otherOwner.clientId, date_of_birth: '2999-01-01' },
      { token: w.admin.token },
    );
    t.is(foreign.status, 422);
    t.deepEqual(Object.keys(foreign.body.errors).sort(), ['client_id', 'date_of_birth']);
    t.deepEqual(await recordCounts(w.db), before);
  });

  test(`[${dialect}] pets list 20 per page with their client; only the tenant's own`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    for (let i = 1; i <= 21; i++) await createPet(w, { name: `Pet ${i}` });
    await createPet(
      w,
      { name: 'Elsewhere' },
      {
        tenantPath: `/api/v1/tenant/${w.other.tenant.id}`,
        token: w.other.token,
        clientId: w.otherOwner.clientId,
      },
    );
    const first = await w.app.clinic.get(`${w.t}/pets`, { token: w.admin.token });
    t.is(first.status, 200);
    t.is(first.body.data.length, 20);
    t.is(first.body.data[0].name, 'Pet 21', 'newest first');
    t.is(first.body.data[0].client.id, w.owner.clientId);
    t.like(first.body.meta, { current_page: 1, per_page: 20, total: 21, last_page: 2, from: 1, to: 20 });
    t.is(first.body.links.next, `${w.t}/pets?page=2`);
    const second = await w.app.clinic.get(`${w.t}/pets?page=2`, { token: w.admin.token });
    t.deepEqual(
      second.body.data.map((p: any) => p.name),
      ['Pet 1'],
    );
  });

  test(`[${dialect}] PATCH /patients/{pet} changes only what is sent; another tenant's pet is a 404`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const pet = await createPet(w, { breed: 'Beagle', color: 'brown' });
    const res = await w.app.clinic.patch(
      `${w.t}/patients/${pet.id}`,
      { weight_kg: 12.5, color: null, client_id: w.otherOwner.clientId },
      { token: w.admin.token },
    );
    t.is(res.status, 200);
    t.like(res.body.data, {
      name: 'Bruno',
      breed: 'Beagle',
      color: null,
      weight_kg: 12.5,
      client_id: w.owner.clientId,
    });
    const empty = await w.app.clinic.patch(
      `${w.t}/patients/${pet.id}`,
      { name: '' },
      { token: w.admin.token },
    );
    t.is(empty.status, 422);
    t.deepEqual(Object.keys(empty.body.errors), ['name']);
    const nulled = await w.app.clinic.patch(
      `${w.t}/patients/${pet.id}`,
      { species: null },
      { token: w.admin.token },
    );
    t.is(nulled.status, 422);
    t.deepEqual(Object.keys(nulled.body.errors), ['species']);

    const foreign = await w.app.clinic.patch(
      `/api/v1/tenant/${w.other.tenant.id}/patients/${pet.id}`,
      { name: 'Stolen' },
      { token: w.other.token },
    );
    t.is(foreign.status, 404);
    t.is((await w.db('pets').where('id', pet.id).first()).name, 'Bruno');
    t.is(
      (await w.app.clinic.patch(`${w.t}/patients/999999`, { name: 'x' }, { token: w.admin.token })).status,
      404,
    );
  });

  test(`[${dialect}] tenant routes: 401 without a token, 403 for a non-member and for a pet owner`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const receptionist = await addStaff(w.app, w.admin, 'receptionist');
    for (const path of ['/pets', '/clients', '/appointments', '/invoices']) {
      t.is((await w.app.clinic.get(`${w.t}${path}`)).status, 401, path);
      const outsider = await w.app.clinic.get(`${w.t}${path}`, { token: w.other.token });
      t.is(outsider.status, 403, path);
      t.is(outsider.body.code, 'NOT_A_MEMBER');
      t.is((await w.app.clinic.get(`${w.t}${path}`, { token: w.owner.token })).status, 403, path);
      t.is((await w.app.clinic.get(`${w.t}${path}`, { token: receptionist.token })).status, 200, path);
    }
    const before = await recordCounts(w.db);
    const refused = await w.app.clinic.post(
      `${w.t}/pets`,
      { name: 'Rex', species: 'dog', client_id: w.owner.clientId },
      { token: w.owner.token },
    );
    t.is(refused.status, 403);
    t.deepEqual(await recordCounts(w.db), before);
  });

  test(`[${dialect}] GET /clients lists the tenant's clients, 50 per page, with pet counts`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    await createPet(w);
    const res = await w.app.clinic.get(`${w.t}/clients`, { token: w.admin.token });
    t.is(res.status, 200);
    t.is(res.body.meta.per_page, 50);
    t.is(res.body.meta.total, 1);
    t.like(res.body.data[0], { id: w.owner.clientId, owner_user_id: w.owner.userId, pets_count: 1 });
  });

  test(`[${dialect}] owners list, add and update their own pets; another owner's pet is a 404`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    await createPet(w, { name: 'Clinic-made' });
    await createPet(
      w,
      { name: 'Not mine' },
      {
        tenantPath: `/api/v1/tenant/${w.other.tenant.id}`,
        token: w.other.token,
        clientId: w.otherOwner.clientId,
      },
    );
    const added = await w.app.clinic.post(
      '/api/v1/owner/me/pets',
      { name: 'Kiwi', species: 'bird', sex: 'female', date_of_birth: '2024-01-02', weight_kg: 0.1 },
      { token: w.owner.token },
    );
    t.is(added.status, 201);
    t.like(added.body.data, {
      name: 'Kiwi',
      tenant_id: w.admin.tenant.id,
      client_id: w.owner.clientId,
      weight_kg: 0.1,
    });
    const list = await w.app.clinic.get('/api/v1/owner/me/pets', { token: w.owner.token });
    t.deepEqual(
      list.body.data.map((p: any) => p.name),
      ['Kiwi', 'Clinic-made'],
    );
    t.like(list.body.meta, { per_page: 20, total: 2 });

    const bad = await w.app.clinic.post('/api/v1/owner/me/pets', { sex: 'x' }, { token: w.owner.token });
    t.is(bad.status, 422);
    t.deepEqual(Object.keys(bad.body.errors).sort(), ['name', 'sex', 'species']);

    const patched = await w.app.clinic.patch(
      `/api/v1/owner/me/pets/${added.body.data.id}`,
      { name: 'Kiwi II' },
      { token: w.owner.token },
    );
    t.is(patched.status, 200);
    t.like(patched.body.data, { name: 'Kiwi II', species: 'bird' });
    const stranger = await w.app.clinic.patch(
      `/api/v1/owner/me/pets/${added.body.data.id}`,
      { name: 'Mine now' },
      { token: w.otherOwner.token },
    );
    t.is(stranger.status, 404);
    t.is((await w.db('pets').where('id', added.body.data.id).first()).name, 'Kiwi II');
  });

  test(`[${dialect}] an account with no Client row cannot add a pet (422, nothing written)`, async (t) => {
    const w = await world(dialect);
    t.teardown(w.app.close);
    const before = await recordCounts(w.db);
    const res = await w.app.clinic.post(
      '/api/v1/owner/me/pets',
      { name: 'Rex', species: 'dog' },
      { token: w.admin.token },
    );
    t.is(res.status, 422);
    t.deepEqual(Object.keys(res.body.errors), ['client_id']);
    t.deepEqual(await recordCounts(w.db), before);
    t.is((await w.app.clinic.get('/api/v1/owner/me/pets')).status, 401);
  });
}
