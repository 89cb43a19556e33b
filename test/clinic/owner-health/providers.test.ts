// The provider directory: text search, business type, geographic radius with known coordinates
// (nearest first, exact distances), the geo parameters going together, and the public profile.
import test from 'ava';
import { DIALECTS } from '../../helpers/db.js';
import { boundingBox, haversineKm } from '../../../src/clinic/providers/geo.js';
import { bootClinic, signup } from './fixtures.js';
import type { TestApp } from '../../helpers/app.js';

const BENGALURU = { latitude: 12.9716, longitude: 77.5946 };

async function provider(
  app: TestApp,
  name: string,
  profile: Record<string, unknown>,
  businessType = 'clinic',
) {
  const made = await signup(app, { name, business_type: businessType });
  if (Object.keys(profile).length)
    await app.services.db('tenants').where('id', made.tenant.id).update(profile);
  return made.tenant as { id: number; slug: string };
}

for (const dialect of DIALECTS) {
  test(`[${dialect}] providers: q, business_type, radius search and the geo parameters together`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const central = await provider(app, 'Happy Paws Clinic', {
      ...BENGALURU,
      city: 'Bengaluru',
      description: 'Cats & dogs, 24x7',
    });
    const koramangala = await provider(
      app,
      'Koramangala Groomers',
      { latitude: 12.9352, longitude: 77.6245, description: 'Gentle grooming for anxious pets' },
      'groomer',
    );
    const mysuru = await provider(app, 'Mysuru Vet', {
      latitude: 12.2958,
      longitude: 76.6394,
      city: 'Mysuru',
    });
    const chennai = await provider(
      app,
      'Chennai Pet Trainers',
      { latitude: 13.0827, longitude: 80.2707 },
      'trainer',
    );
    const mumbai = await provider(
      app,
      'Mumbai Breeders 100%',
      { latitude: 19.076, longitude: 72.8777 },
      'breeder',
    );
    const pharmacy = await provider(app, 'Paws Pharmacy', { latitude: 12.97, longitude: 77.59 }, 'pharmacy');
    const hidden = await provider(app, 'Hidden Clinic', { ...BENGALURU, public: false });
    const noGeo = await provider(app, 'Nowhere Clinic', {});
    const names = (res: any) => res.body.data.map((p: any) => p.name);
    const get = (qs: string) => app.clinic.get(`/api/v1/providers?${qs}`);

    const all = await get('');
    t.is(all.status, 200);
    t.is(all.body.meta.total, 7, 'every public tenant, pharmacy included; not the hidden one');
    t.false(names(all).includes('Hidden Clinic'));
    t.deepEqual(names(all), [...names(all)].sort(), 'by name');
    t.is(all.body.data[0].distance_km, null);

    t.deepEqual(names(await get('q=paws')), ['Happy Paws Clinic', 'Paws Pharmacy']);
    t.deepEqual(names(await get('q=ANXIOUS')), ['Koramangala Groomers'], 'description, any case');
    t.deepEqual(names(await get('q=100%25')), ['Mumbai Breeders 100%'], '% is literal');
    t.deepEqual(names(await get('q=_')), [], '_ is literal');
    t.deepEqual(names(await get('business_type=groomer')), ['Koramangala Groomers']);
    t.deepEqual(names(await get('business_type=clinic')), [
      'Happy Paws Clinic',
      'Mysuru Vet',
      'Nowhere Clinic',
    ]);
    t.deepEqual(names(await get('business_type=all&q=paws')), ['Happy Paws Clinic', 'Paws Pharmacy']);
    const badType = await get('business_type=pharmacy');
    t.is(badType.status, 422);
    t.truthy(badType.body.errors.business_type);

    const near = (km: number, extra = '') =>
      get(`latitude=${BENGALURU.latitude}&longitude=${BENGALURU.longitude}&radius_km=${km}${extra}`);
    const ten = await near(10);
    t.deepEqual(names(ten), ['Happy Paws Clinic', 'Paws Pharmacy', 'Koramangala Groomers'], 'nearest first');
    t.is(ten.body.data[0].distance_km, 0);
    t.is(ten.body.data[2].distance_km, 5.18);
    t.deepEqual(names(await near(127)), ['Happy Paws Clinic', 'Paws Pharmacy', 'Koramangala Groomers']);
    const wider = await near(129);
    t.deepEqual(names(wider).slice(3), ['Mysuru Vet']);
    t.is(wider.body.data[3].distance_km, 128.02);
    t.deepEqual(names(await near(300)).slice(3), ['Mysuru Vet', 'Chennai Pet Trainers']);
    t.is(
      (await near(1000)).body.meta.total,
      6,
      'Mumbai at 845 km; the tenant without coordinates never matches',
    );
    t.deepEqual(names(await near(300, '&business_type=clinic')), ['Happy Paws Clinic', 'Mysuru Vet']);
    t.deepEqual(names(await near(300, '&q=vet')), ['Mysuru Vet']);
    t.is((await near(300)).body.links.first.includes('radius_km=300'), true);

    for (const [qs, missing] of [
      ['latitude=12.9', ['longitude', 'radius_km']],
      ['longitude=77.5&radius_km=5', ['latitude']],
      ['radius_km=5', ['latitude', 'longitude']],
    ] as const) {
      const res = await get(qs);
      t.is(res.status, 422, qs);
      t.deepEqual(Object.keys(res.body.errors).sort(), [...missing], qs);
    }
    const range = await get('latitude=91&longitude=181&radius_km=0');
    t.deepEqual(Object.keys(range.body.errors).sort(), ['latitude', 'longitude', 'radius_km']);

    const one = await app.clinic.get(`/api/v1/providers/${central.slug}`);
    t.is(one.status, 200);
    t.like(one.body.data, {
      id: central.id,
      name: 'Happy Paws Clinic',
      city: 'Bengaluru',
      description: 'Cats & dogs, 24x7',
      latitude: 12.9716,
      longitude: 77.5946,
    });
    t.is(one.body.data.subscription_plan, undefined);
    t.is((await app.clinic.get(`/api/v1/providers/${koramangala.id}`)).body.data.business_type, 'groomer');
    t.is((await app.clinic.get(`/api/v1/providers/${pharmacy.id}`)).status, 200);
    t.is((await app.clinic.get(`/api/v1/providers/${hidden.id}`)).status, 404);
    t.is((await app.clinic.get('/api/v1/providers/999999')).status, 404);
    t.is((await app.clinic.get('/api/v1/providers/no-such-clinic')).status, 404);
    t.truthy(mysuru && chennai && mumbai && noGeo);
  });
}

test('bounding box always contains the circle, also near the poles and the antimeridian', (t) => {
  const cases: Array<[number, number, number]> = [
    [12.97, 77.59, 300],
    [64.1, -21.9, 500],
    [-89.5, 10, 200],
    [0, 179.9, 50],
    [60, -179.95, 100],
  ];
  for (const [lat, lon, r] of cases) {
    const box = boundingBox(lat, lon, r);
    for (let bearing = 0; bearing < 360; bearing += 5) {
      // A point just inside the radius along each bearing (spherical destination formula).
      const d = (r * 0.999) / 6371.0088;
      const φ1 = (lat * Math.PI) / 180;
      const θ = (bearing * Math.PI) / 180;
      const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
      const λ2 =
        (lon * Math.PI) / 180 +
        Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
      const pLat = (φ2 * 180) / Math.PI;
      const pLon = (((λ2 * 180) / Math.PI + 540) % 360) - 180;
      t.true(haversineKm(lat, lon, pLat, pLon) <= r, `${lat},${lon} bearing ${bearing}`);
      t.true(pLat >= box.minLat && pLat <= box.maxLat, `lat ${lat},${lon} bearing ${bearing}`);
      if (box.lon) t.true(pLon >= box.lon.min && pLon <= box.lon.max, `lon ${lat},${lon} bearing ${bearing}`);
    }
  }
});
