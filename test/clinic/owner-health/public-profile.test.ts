// The public lost-pet tag: the state machine (enable, disable keeping the slug, lost/found), primary
// owner only, limits, the public JSON and the HTML page (escaping, microchip opt-in, tel: button).
import test from 'ava';
import { DIALECTS } from '../../helpers/db.js';
import { bootClinic, countRows, grantCaregiver, insertPet, registerOwner, world } from './fixtures.js';

const PUBLIC_URL = 'https://tags.example.test';

for (const dialect of DIALECTS) {
  test(`[${dialect}] public profile: enable, disable keeps the slug, lost and found`, async (t) => {
    const app = await bootClinic(dialect, { env: { PUBLIC_URL } });
    t.teardown(app.close);
    const { admin, owner, petId } = await world(app);
    const path = `/api/v1/owner/me/pets/${petId}/public-profile`;
    const as = { token: owner.token };

    t.is((await app.clinic.delete(path, as)).status, 404, 'nothing to disable yet');
    t.is((await app.clinic.delete(`${path}/lost`, as)).status, 404, 'nothing to mark found yet');

    const on = await app.clinic.post(
      path,
      { owner_contact_phone: '+91 98450 00000', reward_notes: 'Treats!' },
      as,
    );
    t.is(on.status, 200, on.text);
    const slug = on.body.data.slug;
    t.regex(slug, /^[a-hjkmnp-z2-9]{8}$/);
    t.deepEqual(on.body.data, {
      pet_id: petId,
      slug,
      enabled: true,
      public_url: `${PUBLIC_URL}/p/${slug}`,
      microchip_id: null,
      owner_contact_phone: '+91 98450 00000',
      reward_notes: 'Treats!',
      show_owner_contact: false,
      lost_mode: false,
      lost_since: null,
      lost_mode_enabled_at: null,
    });
    const edited = await app.clinic.post(path, { microchip_id: '985112003456789', reward_notes: null }, as);
    t.like(edited.body.data, {
      slug,
      microchip_id: '985112003456789',
      owner_contact_phone: '+91 98450 00000',
      reward_notes: null,
    });

    app.clock.set('2026-01-16T08:00:00Z');
    const lost = await app.clinic.post(`${path}/lost`, undefined, as);
    t.like(lost.body.data, {
      lost_mode: true,
      lost_since: '2026-01-16T08:00:00.000Z',
      public_url: `${PUBLIC_URL}/p/${slug}`,
    });
    app.clock.set('2026-01-16T09:00:00Z');
    t.is(
      (await app.clinic.post(`${path}/lost`, undefined, as)).body.data.lost_since,
      '2026-01-16T08:00:00.000Z',
      'lost since the first report',
    );
    t.is((await app.clinic.get(`/api/v1/p/${slug}`)).body.data.lost_mode, true);

    const found = await app.clinic.delete(`${path}/lost`, as);
    t.like(found.body.data, { lost_mode: false, lost_since: null, enabled: true });

    await app.clinic.post(`${path}/lost`, undefined, as);
    const off = await app.clinic.delete(path, as);
    t.like(off.body.data, { slug, enabled: false, lost_mode: false, lost_mode_enabled_at: null });
    t.is((await app.clinic.get(`/api/v1/p/${slug}`)).status, 404, 'disabled');
    t.is((await app.clinic.get(`/p/${slug}`)).status, 404);

    // Lost while disabled: enabled again, same slug.
    const relost = await app.clinic.post(`${path}/lost`, undefined, as);
    t.like(relost.body.data, { slug, enabled: true, lost_mode: true });
    t.is(await countRows(app.services.db, 'pet_public_profiles'), 1);

    // The first call may be "lost": it mints the slug and enables the tag.
    const other = await insertPet(app, owner, { name: 'Pepper' });
    const direct = await app.clinic.post(`/api/v1/owner/me/pets/${other}/public-profile/lost`, undefined, as);
    t.like(direct.body.data, { enabled: true, lost_mode: true });
    t.not(direct.body.data.slug, slug);

    // Primary owner only: caregivers (even full) and strangers get 404; validation names fields.
    const helper = await registerOwner(app, admin.tenant.id);
    await grantCaregiver(app, petId, owner.userId, helper.userId, 'full');
    for (const [method, p] of [
      ['POST', path],
      ['DELETE', path],
      ['POST', `${path}/lost`],
      ['DELETE', `${path}/lost`],
    ]) {
      t.is(
        (
          await app.clinic.request(method, p, {
            token: helper.token,
            body: method === 'POST' ? {} : undefined,
          })
        ).status,
        404,
      );
    }
    const before = await app.services.db('pet_public_profiles').where('pet_id', petId).first();
    const bad = await app.clinic.post(
      path,
      { microchip_id: 'm'.repeat(41), owner_contact_phone: 'p'.repeat(41), reward_notes: 'r'.repeat(1001) },
      as,
    );
    t.is(bad.status, 422);
    t.deepEqual(Object.keys(bad.body.errors).sort(), ['microchip_id', 'owner_contact_phone', 'reward_notes']);
    const limits = await app.clinic.post(
      path,
      { microchip_id: 'm'.repeat(40), reward_notes: 'r'.repeat(1000) },
      as,
    );
    t.is(limits.status, 200);
    t.is(before.slug, limits.body.data.slug);
  });

  test(`[${dialect}] public tag: JSON and HTML pages, microchip opt-in, escaping`, async (t) => {
    const app = await bootClinic(dialect, { env: { PUBLIC_URL } });
    t.teardown(app.close);
    const { owner } = await world(app);
    const petId = await insertPet(app, owner, {
      name: '<script>alert("x")</script>',
      species: 'cat & co',
      breed: "O'Malley",
      microchip_id: 'RECORD-CHIP-1',
    });
    const path = `/api/v1/owner/me/pets/${petId}/public-profile`;
    const on = await app.clinic.post(
      path,
      { owner_contact_phone: '+91 (98450) 00000"><b>', reward_notes: '<img src=x onerror=alert(1)>' },
      { token: owner.token },
    );
    const slug = on.body.data.slug;

    const json = await app.clinic.get(`/api/v1/p/${slug.toUpperCase()}`);
    t.is(json.status, 200);
    t.like(json.body.data, {
      slug,
      public_url: `${PUBLIC_URL}/p/${slug}`,
      pet: { name: '<script>alert("x")</script>', species: 'cat & co', breed: "O'Malley" },
      microchip_id: null,
      lost_mode: false,
    });
    t.false(json.text.includes('RECORD-CHIP-1'), 'the pet record’s chip is never published');
    t.is((await app.clinic.get('/api/v1/p/nosuchtg')).status, 404);

    const page = await app.clinic.get(`/p/${slug}`);
    t.is(page.status, 200);
    t.regex(page.headers.get('content-type')!, /^text\/html/);
    t.truthy(page.headers.get('content-security-policy'));
    t.false(page.text.includes('<script>'));
    t.false(page.text.includes('<img'));
    t.false(page.text.includes('"><b>'));
    t.true(page.text.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'));
    t.true(page.text.includes('cat &amp; co'));
    t.true(page.text.includes('O&#39;Malley'));
    t.true(page.text.includes('&lt;img src=x onerror=alert(1)&gt;'));
    t.true(page.text.includes('href="tel:+919845000000"'));
    t.false(page.text.includes('Microchip ID'));
    t.false(page.text.includes('RECORD-CHIP-1'));
    t.false(page.text.includes('I am lost'));

    await app.clinic.post(path, { microchip_id: 'TAG-CHIP-7' }, { token: owner.token });
    await app.clinic.post(`${path}/lost`, undefined, { token: owner.token });
    const opted = await app.clinic.get(`/p/${slug}`);
    t.true(opted.text.includes('Microchip ID'));
    t.true(opted.text.includes('TAG-CHIP-7'));
    t.true(opted.text.includes('I am lost'));
    t.is((await app.clinic.get(`/api/v1/p/${slug}`)).body.data.microchip_id, 'TAG-CHIP-7');

    const missing = await app.clinic.get('/p/unknown-slug');
    t.is(missing.status, 404);
    t.regex(missing.headers.get('content-type')!, /^text\/html/);
    t.true(missing.text.includes('Tag not found'));
  });
}
