// The health journal: every validation rule and limit, the since filter and order, deletion rules,
// caregiver access, and the clinic side's permissions and tenant scoping.
import test from 'ava';
import { DIALECTS } from '../../helpers/db.js';
import {
  addStaff,
  bootClinic,
  countRows,
  grantCaregiver,
  insertPet,
  registerOwner,
  world,
} from './fixtures.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] health logs: defaults, limits and enums; a refused entry writes nothing`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const { owner, petId } = await world(app);
    const path = `/api/v1/owner/me/pets/${petId}/health-logs`;
    const post = (body: unknown) => app.clinic.post(path, body, { token: owner.token });

    const created = await post({
      weight_kg: 9999.99,
      appetite: 'reduced',
      energy_level: 'lethargic',
      stool_quality: 'bloody',
      water_intake_ml_per_kg: 500,
      symptoms: ['vomiting', 'cough'],
      notes: 'n'.repeat(2000),
    });
    t.is(created.status, 200, created.text);
    t.like(created.body.data, {
      pet_id: petId,
      logged_at: '2026-01-15T10:00:00.000Z', // the clock's now
      weight_kg: 9999.99,
      appetite: 'reduced',
      energy_level: 'lethargic',
      stool_quality: 'bloody',
      water_intake_ml_per_kg: 500,
      logged_by_user_id: owner.userId,
      source: 'owner',
      tenant_id: null,
    });
    t.deepEqual(created.body.data.symptoms, ['vomiting', 'cough']);
    t.is((await post({ water_intake_ml_per_kg: 0 })).status, 200, 'zero water is a value');
    t.is((await post({ notes: 'only a note', logged_at: '2026-01-14T08:30:00+05:30' })).status, 200);
    for (const value of ['normal', 'none', 'increased']) t.is((await post({ appetite: value })).status, 200);
    for (const value of ['normal', 'low', 'hyperactive'])
      t.is((await post({ energy_level: value })).status, 200);
    for (const value of ['normal', 'soft', 'diarrhea', 'constipated'])
      t.is((await post({ stool_quality: value })).status, 200);

    const before = await countRows(app.services.db, 'pet_health_logs');
    const bad: Array<[unknown, string[]]> = [
      [{}, ['body']],
      [{ symptoms: [], notes: '' }, ['body']],
      [{ weight_kg: 10000 }, ['weight_kg']],
      [{ weight_kg: 0 }, ['weight_kg']],
      [{ weight_kg: 1.234 }, ['weight_kg']],
      [{ water_intake_ml_per_kg: 501 }, ['water_intake_ml_per_kg']],
      [{ water_intake_ml_per_kg: -1 }, ['water_intake_ml_per_kg']],
      [{ water_intake_ml_per_kg: 2.5 }, ['water_intake_ml_per_kg']],
      [{ notes: 'n'.repeat(2001) }, ['notes']],
      [
        { appetite: 'ravenous', energy_level: 'sleepy', stool_quality: 'green' },
        ['appetite', 'energy_level', 'stool_quality'],
      ],
      [{ symptoms: 'cough' }, ['symptoms']],
      [{ notes: 'x', logged_at: 'yesterday' }, ['logged_at']],
      [{ notes: 'x', logged_at: '2026-02-30T10:00:00Z' }, ['logged_at']],
      [{ notes: 'x', logged_at: '2026-01-15T10:06:00Z' }, ['logged_at']],
    ];
    for (const [body, fields] of bad) {
      const res = await post(body);
      t.is(res.status, 422, JSON.stringify(body));
      t.deepEqual(Object.keys(res.body.errors).sort(), fields, JSON.stringify(body));
    }
    t.is(await countRows(app.services.db, 'pet_health_logs'), before);
    t.is(
      (await post({ notes: 'x', logged_at: '2026-01-15T10:05:00Z' })).status,
      200,
      'five minutes ahead is fine',
    );
  });

  test(`[${dialect}] health logs: newest first, since filter, pages; delete only your own`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const { admin, owner, petId } = await world(app);
    const path = `/api/v1/owner/me/pets/${petId}/health-logs`;
    const helper = await registerOwner(app, admin.tenant.id);
    const viewer = await registerOwner(app, admin.tenant.id);
    const stranger = await registerOwner(app, admin.tenant.id);
    await grantCaregiver(app, petId, owner.userId, helper.userId, 'full');
    await grantCaregiver(app, petId, owner.userId, viewer.userId, 'view');

    const at = [
      '2026-01-10T09:00:00Z',
      '2026-01-12T23:59:59Z',
      '2026-01-13T00:00:00Z',
      '2026-01-11T12:00:00Z',
    ];
    const ids: number[] = [];
    for (const loggedAt of at) {
      const res = await app.clinic.post(
        path,
        { logged_at: loggedAt, notes: loggedAt },
        { token: owner.token },
      );
      ids.push(res.body.data.id);
    }
    const byHelper = await app.clinic.post(path, { appetite: 'normal' }, { token: helper.token });
    t.is(byHelper.status, 200);
    t.is((await app.clinic.post(path, { appetite: 'normal' }, { token: viewer.token })).status, 404);

    const all = await app.clinic.get(path, { token: viewer.token });
    t.is(all.status, 200);
    t.deepEqual(
      all.body.data.map((l: any) => l.id),
      [byHelper.body.data.id, ids[2], ids[1], ids[3], ids[0]],
    );
    t.is(all.body.meta.total, 5);
    t.is(all.body.meta.per_page, 50);

    const since = await app.clinic.get(`${path}?since=2026-01-12`, { token: owner.token });
    t.deepEqual(
      since.body.data.map((l: any) => l.id),
      [byHelper.body.data.id, ids[2], ids[1]],
    );
    t.is(since.body.links.first, `${path}?since=2026-01-12&page=1`);
    const badSince = await app.clinic.get(`${path}?since=12-01-2026`, { token: owner.token });
    t.is(badSince.status, 422);
    t.truthy(badSince.body.errors.since);
    t.is((await app.clinic.get(path, { token: stranger.token })).status, 404);

    // Deleting: only the author; the owner cannot delete the caregiver's entry and vice versa.
    t.is((await app.clinic.delete(`${path}/${byHelper.body.data.id}`, { token: owner.token })).status, 404);
    t.is((await app.clinic.delete(`${path}/${ids[0]}`, { token: helper.token })).status, 404);
    t.is((await app.clinic.delete(`${path}/${ids[0]}`, { token: stranger.token })).status, 404);
    const otherPet = await insertPet(app, owner);
    t.is(
      (
        await app.clinic.delete(`/api/v1/owner/me/pets/${otherPet}/health-logs/${ids[0]}`, {
          token: owner.token,
        })
      ).status,
      404,
      'an entry of another pet',
    );
    t.is(await countRows(app.services.db, 'pet_health_logs'), 5);
    const gone = await app.clinic.delete(`${path}/${ids[0]}`, { token: owner.token });
    t.is(gone.status, 204);
    t.is((await app.clinic.delete(`${path}/${byHelper.body.data.id}`, { token: helper.token })).status, 204);
    t.is(await countRows(app.services.db, 'pet_health_logs'), 3);
    t.is((await app.clinic.delete(`${path}/${ids[0]}`, { token: owner.token })).status, 404, 'already gone');
  });

  test(`[${dialect}] health logs, clinic side: medical_record permissions and the tenant's own patients`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const { admin, owner, petId } = await world(app);
    const other = await world(app);
    const vet = await addStaff(app, admin, 'veterinarian');
    const desk = await addStaff(app, admin, 'receptionist');
    const path = `/api/v1/tenant/${admin.tenant.id}/patients/${petId}/health-logs`;
    await app.clinic.post(
      `/api/v1/owner/me/pets/${petId}/health-logs`,
      { weight_kg: 12.5, logged_at: '2026-01-14T10:00:00Z' },
      { token: owner.token },
    );

    const written = await app.clinic.post(
      path,
      { weight_kg: 12.75, symptoms: ['limp'] },
      { token: vet.token },
    );
    t.is(written.status, 200, written.text);
    t.like(written.body.data, {
      source: 'clinic',
      logged_by_user_id: vet.userId,
      tenant_id: admin.tenant.id,
      weight_kg: 12.75,
    });
    const bySlug = await app.clinic.get(`/api/v1/tenant/${admin.tenant.slug}/patients/${petId}/health-logs`, {
      token: vet.token,
    });
    t.is(bySlug.status, 200);
    t.deepEqual(
      bySlug.body.data.map((l: any) => l.source),
      ['clinic', 'owner'],
    );
    t.is((await app.clinic.get(path, { token: admin.token })).status, 200);

    const before = await countRows(app.services.db, 'pet_health_logs');
    const denied = await app.clinic.get(path, { token: desk.token });
    t.is(denied.status, 403);
    t.is(denied.body.code, 'PERMISSION_DENIED');
    t.is((await app.clinic.post(path, { notes: 'x' }, { token: desk.token })).status, 403);
    const outsider = await app.clinic.post(path, { notes: 'x' }, { token: other.admin.token });
    t.is(outsider.status, 403);
    t.is(outsider.body.code, 'NOT_A_MEMBER');
    t.is((await app.clinic.get(path, { token: owner.token })).status, 403, 'owners are not members');
    const foreign = `/api/v1/tenant/${admin.tenant.id}/patients/${other.petId}/health-logs`;
    t.is((await app.clinic.get(foreign, { token: vet.token })).status, 404);
    t.is((await app.clinic.post(foreign, { notes: 'x' }, { token: vet.token })).status, 404);
    const invalid = await app.clinic.post(path, { weight_kg: 10000 }, { token: vet.token });
    t.is(invalid.status, 422);
    t.truthy(invalid.body.errors.weight_kg);
    t.is(await countRows(app.services.db, 'pet_health_logs'), before);
  });
}
