// Vaccinations from the owner portal: validation (422 naming fields, nothing written), owner
// isolation (404) and caregiver access levels (view reads, full writes).
import test from 'ava';
import { DIALECTS } from '../../helpers/db.js';
import { bootClinic, countRows, grantCaregiver, registerOwner, world } from './fixtures.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] vaccinations: record, list newest first, validation writes nothing`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const { owner, petId } = await world(app);
    const path = `/api/v1/owner/me/pets/${petId}/vaccinations`;

    const first = await app.clinic.post(
      path,
      { name: 'Rabies', administered_at: '2025-03-01', next_due_at: '2026-03-01', lot_number: 'RB-12' },
      { token: owner.token },
    );
    t.is(first.status, 201, first.text);
    t.like(first.body.data, {
      pet_id: petId,
      name: 'Rabies',
      administered_at: '2025-03-01',
      next_due_at: '2026-03-01',
      notes: null,
      lot_number: 'RB-12',
      recorded_by_user_id: owner.userId,
    });
    const second = await app.clinic.post(
      path,
      { name: 'DHPP', administered_at: '2025-06-10', next_due_at: '2025-06-10', notes: 'booster' },
      { token: owner.token },
    );
    t.is(second.status, 201, 'next_due_at equal to administered_at is allowed');

    const list = await app.clinic.get(path, { token: owner.token });
    t.is(list.status, 200);
    t.deepEqual(
      list.body.data.map((v: any) => v.name),
      ['DHPP', 'Rabies'],
    );
    t.is(list.body.links, undefined, 'not paginated');

    const before = await countRows(app.services.db, 'pet_vaccinations');
    const bad = [
      [{}, ['administered_at', 'name']],
      [{ name: 'X', administered_at: '2025-02-30' }, ['administered_at']],
      [{ name: 'X', administered_at: '2025-03-01', next_due_at: '2025-02-28' }, ['next_due_at']],
      [{ name: 'X', administered_at: '2025-03-01', notes: 'n'.repeat(2001) }, ['notes']],
      [
        { name: 'X'.repeat(256), administered_at: '2025-03-01', lot_number: 'l'.repeat(101) },
        ['lot_number', 'name'],
      ],
    ] as const;
    for (const [body, fields] of bad) {
      const res = await app.clinic.post(path, body, { token: owner.token });
      t.is(res.status, 422, JSON.stringify(body));
      t.deepEqual(Object.keys(res.body.errors).sort(), [...fields]);
    }
    t.is(await countRows(app.services.db, 'pet_vaccinations'), before);
  });

  test(`[${dialect}] vaccinations: another owner gets 404; view caregivers read, full caregivers write`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const { admin, owner, petId } = await world(app);
    const path = `/api/v1/owner/me/pets/${petId}/vaccinations`;
    const body = { name: 'Rabies', administered_at: '2025-03-01' };
    const stranger = await registerOwner(app, admin.tenant.id);
    const viewer = await registerOwner(app, admin.tenant.id);
    const helper = await registerOwner(app, admin.tenant.id);
    const former = await registerOwner(app, admin.tenant.id);
    await grantCaregiver(app, petId, owner.userId, viewer.userId, 'view');
    await grantCaregiver(app, petId, owner.userId, helper.userId, 'full');
    await grantCaregiver(app, petId, owner.userId, former.userId, 'full', { revoked: true });

    t.is((await app.clinic.get(path, { token: stranger.token })).status, 404);
    t.is((await app.clinic.post(path, body, { token: stranger.token })).status, 404);
    t.is((await app.clinic.get(path, { token: former.token })).status, 404, 'revoked grant');
    t.is(
      (await app.clinic.get('/api/v1/owner/me/pets/999999/vaccinations', { token: owner.token })).status,
      404,
    );
    t.is((await app.clinic.get(path)).status, 401);

    t.is((await app.clinic.get(path, { token: viewer.token })).status, 200);
    t.is(
      (await app.clinic.post(path, body, { token: viewer.token })).status,
      404,
      'view caregivers only read',
    );
    const byHelper = await app.clinic.post(path, body, { token: helper.token });
    t.is(byHelper.status, 201);
    t.is(byHelper.body.data.recorded_by_user_id, helper.userId);
    t.is(await countRows(app.services.db, 'pet_vaccinations'), 1);
  });
}
