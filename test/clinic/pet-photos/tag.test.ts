// The photo on the public tag (page and JSON, served from the page's own origin only while the tag
// is published), the owner-contact opt-in (a phone, never the e-mail), and the photo in the
// passport PDF.
import test from 'ava';
import { DIALECTS } from '../../helpers/db.js';
import { world } from '../owner-health/fixtures.js';
import { bootPhotos, local, putPhoto, send } from './fixtures.js';
import { jpegWithGps } from './images.js';

const PUBLIC_URL = 'https://tags.example.test';

for (const dialect of DIALECTS) {
  test(`[${dialect}] tag page: the photo from /p/{slug}/photo while published; 404 otherwise`, async (t) => {
    const env = await bootPhotos(dialect, { PUBLIC_URL });
    t.teardown(env.close);
    const { app } = env;
    const { owner, petId } = await world(app);
    const as = { token: owner.token };
    const profile = `/api/v1/owner/me/pets/${petId}/public-profile`;
    const slug = (await app.clinic.post(`${profile}/lost`, undefined, as)).body.data.slug;

    const bare = await app.clinic.get(`/p/${slug}`);
    t.true(bare.text.includes('aria-label="No photo"'));
    t.is((await app.clinic.get(`/api/v1/p/${slug}`)).body.data.photo_url, null);
    t.is((await send(app, `/p/${slug}/photo`)).status, 404, 'no photo yet');

    await putPhoto(app, `/api/v1/owner/me/pets/${petId}/photo`, owner.token, { bytes: await jpegWithGps() });
    const [name] = env.stored();
    const tag = (await app.clinic.get(`/api/v1/p/${slug}`)).body.data;
    t.is(tag.photo_url, `${PUBLIC_URL}/p/${slug}/photo?v=${name.slice(0, 16)}`);
    const page = await app.clinic.get(`/p/${slug}`);
    t.true(
      page.text.includes(
        `<img class="photo" src="/p/${slug}/photo?v=${name.slice(0, 16)}" alt="Photo of Biscuit">`,
      ),
    );
    t.regex(page.headers.get('content-security-policy')!, /img-src 'self'/);
    t.notRegex(page.headers.get('content-security-policy')!, /script-src/);

    const photo = await send(app, local(tag.photo_url));
    t.is(photo.status, 200);
    t.is(photo.headers.get('content-type'), 'image/jpeg');
    t.deepEqual(photo.bytes, env.storedBytes(name));
    t.is(photo.headers.get('cache-control'), 'public, max-age=300');
    t.is((await send(app, `/p/${slug.toUpperCase()}/photo`)).status, 200);
    t.is((await send(app, `/p/nosuchtg/photo`)).status, 404);

    await app.clinic.delete(profile, as);
    t.is((await send(app, `/p/${slug}/photo`)).status, 404, 'a disabled tag publishes no photo');
  });

  test(`[${dialect}] owner contact: only when the tag has no phone and the owner opted in; never the e-mail`, async (t) => {
    const env = await bootPhotos(dialect);
    t.teardown(env.close);
    const { app } = env;
    const { owner, petId } = await world(app);
    await app.services.db('clinic_users').where('id', owner.userId).update({ phone: '+91 98450 11111' });
    const as = { token: owner.token };
    const profile = `/api/v1/owner/me/pets/${petId}/public-profile`;
    const on = await app.clinic.post(profile, {}, as);
    t.is(on.body.data.show_owner_contact, false, 'off by default');
    const slug = on.body.data.slug;

    const page = async () => (await app.clinic.get(`/p/${slug}`)).text;
    const json = async () => (await app.clinic.get(`/api/v1/p/${slug}`)).body.data;
    t.false((await page()).includes('class="call"'), 'no phone on the tag, no opt-in: no button');
    t.is((await json()).contact_phone, null);

    const bad = await app.clinic.post(profile, { show_owner_contact: 'perhaps' }, as);
    t.is(bad.status, 422);
    t.truthy(bad.body.errors.show_owner_contact);
    t.is((await app.clinic.post(profile, { show_owner_contact: null }, as)).status, 422);

    const opted = await app.clinic.post(profile, { show_owner_contact: true }, as);
    t.is(opted.body.data.show_owner_contact, true);
    t.true(
      (await page()).includes('<a class="call" href="tel:+919845011111">Call owner (+91 98450 11111)</a>'),
    );
    t.like(await json(), { contact_phone: '+91 98450 11111', owner_contact_phone: null });

    await app.clinic.post(profile, { owner_contact_phone: '+44 20 7946 0000' }, as);
    t.true((await page()).includes('href="tel:+442079460000"'), 'the tag’s own phone wins');
    t.false((await page()).includes('98450 11111'));

    // An owner with no phone: nothing to offer, and the e-mail is never a substitute.
    await app.clinic.post(profile, { owner_contact_phone: null }, as);
    await app.services.db('clinic_users').where('id', owner.userId).update({ phone: null });
    for (const text of [await page(), JSON.stringify(await json())]) {
      t.false(text.includes(owner.email));
      t.false(text.includes('mailto:'));
      t.false(text.includes('class="call"'));
    }
  });

  test(`[${dialect}] the passport PDF embeds the photo as a JPEG (DCTDecode)`, async (t) => {
    const env = await bootPhotos(dialect);
    t.teardown(env.close);
    const { app } = env;
    const { owner, petId } = await world(app);
    const pdfOf = async () => {
      const res = await send(app, `/api/v1/owner/me/pets/${petId}/passport.pdf`, {
        headers: { Authorization: `Bearer ${owner.token}` },
      });
      t.is(res.status, 200);
      return res.bytes;
    };
    t.false((await pdfOf()).includes('/DCTDecode'));

    await putPhoto(app, `/api/v1/owner/me/pets/${petId}/photo`, owner.token, { bytes: await jpegWithGps() });
    const jpeg = env.storedBytes(env.stored()[0]);
    const pdf = await pdfOf();
    const text = pdf.toString('latin1');
    t.regex(
      text,
      new RegExp(
        `/Subtype /Image /Width 768 /Height 1024 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\\nstream\\n`,
      ),
    );
    t.true(pdf.includes(jpeg), 'the stored JPEG, byte for byte');
    t.regex(text, /\/XObject << \/Im1 \d+ 0 R >>/);
    t.regex(text, /q \d+ 0 0 130 \d+ \d+ cm \/Im1 Do Q/);
    // The cross-reference table still points at every object.
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    const size = Number(/^xref\n0 (\d+)\n/.exec(text.slice(startxref))![1]);
    const offsets = text
      .slice(startxref)
      .split('\n')
      .slice(3, 2 + size);
    offsets.forEach((entry, i) => {
      const at = Number(entry.slice(0, 10));
      t.is(text.slice(at, at + `${i + 1} 0 obj\n`.length), `${i + 1} 0 obj\n`);
    });
  });
}
