// PATCH /tenant/{tenant}/profile and the profile fields of POST /tenants: what the provider
// directory (GET /providers) shows and searches, set through the API alone; bad coordinates are a
// 422 naming the field with the tenant unchanged; only a tenant_admin may change it.
import test from 'ava';
import { DIALECTS } from '../helpers/db.js';
import { addStaff, bootClinic, signup, signupBody } from './fixtures.js';

const PUNE = { latitude: 18.5204, longitude: 73.8567 };

for (const dialect of DIALECTS) {
  test(`[${dialect}] a tenant created and profiled through the API is found by geo and description search`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const created = await app.clinic.post('/api/v1/tenants', {
      ...signupBody({ slug: 'mumbai-vets' }),
      city: 'Mumbai',
      latitude: 19.076,
      longitude: 72.8777,
      description: 'Exotic birds',
    });
    t.is(created.status, 201, created.text);
    t.like(created.body.data.tenant, { city: 'Mumbai', latitude: 19.076, longitude: 72.8777 });

    const admin = await signup(app, { slug: 'pune-paws' });
    const res = await app.clinic.patch(
      `/api/v1/tenant/pune-paws/profile`,
      { city: 'Pune', description: 'Cats and dogs, open on Sundays', phone: '+91 20 5555', ...PUNE },
      { token: admin.token },
    );
    t.is(res.status, 200, res.text);
    t.like(res.body.data, { slug: 'pune-paws', city: 'Pune', phone: '+91 20 5555', ...PUNE });

    const near = await app.clinic.get(`/api/v1/providers?latitude=18.53&longitude=73.85&radius_km=10`);
    t.is(near.status, 200, near.text);
    t.deepEqual(
      near.body.data.map((p: any) => p.slug),
      ['pune-paws'],
    );
    t.like(near.body.data[0], { city: 'Pune', description: 'Cats and dogs, open on Sundays' });
    const wide = await app.clinic.get(`/api/v1/providers?latitude=18.53&longitude=73.85&radius_km=200`);
    t.deepEqual(
      wide.body.data.map((p: any) => p.slug),
      ['pune-paws', 'mumbai-vets'], // nearest first
    );
    const text = await app.clinic.get(`/api/v1/providers?q=sundays`);
    t.deepEqual(
      text.body.data.map((p: any) => p.slug),
      ['pune-paws'],
    );

    // A field left out is kept; null clears; both coordinates null remove the position.
    const cleared = await app.clinic.patch(
      `/api/v1/tenant/pune-paws/profile`,
      { latitude: null, longitude: null, phone: '' },
      { token: admin.token },
    );
    t.is(cleared.status, 200, cleared.text);
    t.like(cleared.body.data, { city: 'Pune', phone: null, latitude: null, longitude: null });
    const gone = await app.clinic.get(`/api/v1/providers?latitude=18.53&longitude=73.85&radius_km=10`);
    t.deepEqual(gone.body.data, []);
    const audit = await app.services.db('clinic_audit_entries').where('action', 'tenant.profile_updated');
    t.is(audit.length, 2);
  });

  test(`[${dialect}] bad profiles are a 422 naming the field, and the tenant is unchanged`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const admin = await signup(app, { slug: 'bad-geo' });
    await app.clinic.patch(
      `/api/v1/tenant/bad-geo/profile`,
      { city: 'Goa', ...PUNE },
      { token: admin.token },
    );
    const before = await app.services.db('tenants').where('slug', 'bad-geo').first();

    const cases: [Record<string, unknown>, string][] = [
      [{ latitude: 12.9 }, 'latitude'],
      [{ longitude: 77.6 }, 'longitude'],
      [{ latitude: 12.9, longitude: null }, 'latitude'],
      [{ latitude: 91, longitude: 10 }, 'latitude'],
      [{ latitude: -90.5, longitude: 10 }, 'latitude'],
      [{ latitude: 10, longitude: 180.01 }, 'longitude'],
      [{ latitude: '12', longitude: 10 }, 'latitude'], // a JSON body carries numbers
      [{ city: 'x'.repeat(121) }, 'city'],
      [{ description: 'x'.repeat(2001) }, 'description'],
    ];
    for (const [body, field] of cases) {
      const res = await app.clinic.patch(`/api/v1/tenant/bad-geo/profile`, body, { token: admin.token });
      t.is(res.status, 422, `${JSON.stringify(body)}: ${res.text}`);
      t.truthy(res.body.errors[field], `${JSON.stringify(body)} names ${field}: ${res.text}`);
    }
    t.deepEqual(await app.services.db('tenants').where('slug', 'bad-geo').first(), before);

    // POST /tenants holds the same rules: one coordinate is refused and nothing is created.
    const signupRes = await app.clinic.post('/api/v1/tenants', {
      ...signupBody({ slug: 'half-geo' }),
      latitude: 10,
    });
    t.is(signupRes.status, 422, signupRes.text);
    t.truthy(signupRes.body.errors.latitude);
    t.falsy(await app.services.db('tenants').where('slug', 'half-geo').first());
  });

  test(`[${dialect}] only a tenant_admin changes the profile; another tenant's admin gets 403`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const admin = await signup(app, { slug: 'own-clinic' });
    const other = await signup(app, { slug: 'other-clinic' });
    const vet = await addStaff(app, admin, 'veterinarian');
    const byVet = await app.clinic.patch(
      `/api/v1/tenant/own-clinic/profile`,
      { city: 'X' },
      { token: vet.token },
    );
    t.is(byVet.status, 403, byVet.text);
    const byOther = await app.clinic.patch(
      `/api/v1/tenant/own-clinic/profile`,
      { city: 'X' },
      { token: other.token },
    );
    t.is(byOther.status, 403, byOther.text);
    t.is((await app.services.db('tenants').where('slug', 'own-clinic').first()).city, null);
  });
}
