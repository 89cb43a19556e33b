// A clinic's dates are days on its own wall clock (tenants.timezone): the health journal's `since`
// starts at the clinic's local midnight, on the owner's route and on the clinic's, and a date of
// birth is "not in the future" by the clinic's today. A clinic in India (UTC+05:30) and one in New
// York (UTC-05:00 in winter) each get their own day; the UTC day was wrong for both.
import test from 'ava';
import { FixedClock } from '../../../src/core/clock.js';
import { DIALECTS } from '../../helpers/db.js';
import { addStaff, bootClinic, world } from './fixtures.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] health logs since a day: from the clinic's local midnight (Asia/Kolkata, America/New_York)`, async (t) => {
    const app = await bootClinic(dialect, { clock: new FixedClock('2026-03-02T12:00:00.000Z') });
    t.teardown(app.close);

    const india = await world(app, { timezone: 'Asia/Kolkata' });
    t.is(india.admin.tenant.timezone, 'Asia/Kolkata');
    const vet = await addStaff(app, india.admin, 'veterinarian');
    const ownerPath = `/api/v1/owner/me/pets/${india.petId}/health-logs`;
    const log = async (loggedAt: string) => {
      const res = await app.clinic.post(
        ownerPath,
        { logged_at: loggedAt, notes: loggedAt },
        { token: india.owner.token },
      );
      t.is(res.status, 200, res.text);
      return res.body.data.id as number;
    };
    await log('2026-02-28T23:59:00+05:30'); // the day before, local
    const justAfterMidnight = await log('2026-03-01T00:10:00+05:30'); // 2026-02-28T18:40Z
    const beforeDawn = await log('2026-03-01T05:29:00+05:30'); // 2026-02-28T23:59Z: the UTC day missed both
    const morning = await log('2026-03-01T09:00:00+05:30');
    const expected = [morning, beforeDawn, justAfterMidnight];

    const owners = await app.clinic.get(`${ownerPath}?since=2026-03-01`, { token: india.owner.token });
    t.is(owners.status, 200);
    t.deepEqual(
      owners.body.data.map((l: any) => l.id),
      expected,
    );
    const clinic = await app.clinic.get(
      `/api/v1/tenant/${india.admin.tenant.id}/patients/${india.petId}/health-logs?since=2026-03-01`,
      { token: vet.token },
    );
    t.is(clinic.status, 200);
    t.deepEqual(
      clinic.body.data.map((l: any) => l.id),
      expected,
    );

    // West of UTC the UTC day begins too early: 20:00 on the evening before, in New York, is 01:00Z.
    const york = await world(app, { timezone: 'America/New_York' });
    const yorkPath = `/api/v1/owner/me/pets/${york.petId}/health-logs`;
    const post = async (at: string) =>
      (await app.clinic.post(yorkPath, { logged_at: at, notes: at }, { token: york.owner.token })).body.data
        .id;
    await post('2026-02-28T20:00:00-05:00');
    const first = await post('2026-03-01T00:00:00-05:00'); // local midnight exactly: kept
    const got = await app.clinic.get(`${yorkPath}?since=2026-03-01`, { token: york.owner.token });
    t.deepEqual(
      got.body.data.map((l: any) => l.id),
      [first],
    );
  });

  test(`[${dialect}] a tenant's time zone: set at sign-up or in the profile, an unknown zone is a 422`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const utc = await world(app);
    t.is(utc.admin.tenant.timezone, 'UTC', 'the default');
    const bad = await app.clinic.post('/api/v1/tenants', {
      name: 'Nowhere',
      slug: 'nowhere-clinic',
      email: 'nowhere@example.test',
      owner_name: 'N',
      owner_email: 'n@example.test',
      password: 'correct-horse-9',
      timezone: 'Mars/Olympus',
    });
    t.is(bad.status, 422);
    t.truthy(bad.body.errors.timezone);
    const patched = await app.clinic.patch(
      `/api/v1/tenant/${utc.admin.tenant.id}/profile`,
      { timezone: 'Asia/Kolkata' },
      { token: utc.admin.token },
    );
    t.is(patched.status, 200);
    t.is(patched.body.data.timezone, 'Asia/Kolkata');
    const refused = await app.clinic.patch(
      `/api/v1/tenant/${utc.admin.tenant.id}/profile`,
      { timezone: 'Asia/Nowhere' },
      { token: utc.admin.token },
    );
    t.is(refused.status, 422);
  });

  test(`[${dialect}] a date of birth is "not in the future" by the clinic's today`, async (t) => {
    // 20:00Z on 1 March is 01:30 on 2 March in India: a pet born "today" there is born on the 2nd.
    const app = await bootClinic(dialect, { clock: new FixedClock('2026-03-01T20:00:00.000Z') });
    t.teardown(app.close);
    const india = await world(app, { timezone: 'Asia/Kolkata' });
    const born = await app.clinic.post(
      '/api/v1/owner/me/pets',
      { name: 'Newborn', species: 'cat', date_of_birth: '2026-03-02' },
      { token: india.owner.token },
    );
    t.is(born.status, 201, born.text);
    const tomorrow = await app.clinic.post(
      '/api/v1/owner/me/pets',
      { name: 'Later', species: 'cat', date_of_birth: '2026-03-03' },
      { token: india.owner.token },
    );
    t.is(tomorrow.status, 422);
    const patched = await app.clinic.patch(
      `/api/v1/tenant/${india.admin.tenant.id}/patients/${india.petId}`,
      { date_of_birth: '2026-03-02' },
      { token: india.admin.token },
    );
    t.is(patched.status, 200, patched.text);
  });
}
