// Pet photos over HTTP: the owner's and the clinic's uploads, normalised to a metadata-free JPEG
// (no EXIF GPS), the signed photo_url on pet resources, replacement and removal (files follow the
// rows), who may do it, and the bad inputs (not an image, too large, wrong field) writing nothing.
import sharp from 'sharp';
import test from 'ava';
import { DIALECTS } from '../../helpers/db.js';
import { addStaff, countRows, grantCaregiver, registerOwner, world } from '../owner-health/fixtures.js';
import { bootPhotos, local, putPhoto, send } from './fixtures.js';
import { exifTags, jpegWithGps, noisyPng, png, webp } from './images.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] owner upload: upright, bounded, no EXIF GPS; photo_url signed; replace and remove`, async (t) => {
    const env = await bootPhotos(dialect);
    t.teardown(env.close);
    const { app } = env;
    const { admin, owner, petId } = await world(app);
    const path = `/api/v1/owner/me/pets/${petId}/photo`;

    const original = await jpegWithGps(1600, 1200);
    t.deepEqual(exifTags((await sharp(original).metadata()).exif).gps, [1, 2, 3, 4], 'the input has GPS');

    const res = await putPhoto(app, path, owner.token, { bytes: original, name: 'IMG_0001.JPG' });
    t.is(res.status, 200, JSON.stringify(res.body));
    const pet = res.body.data;
    t.is(pet.id, petId);
    t.regex(
      pet.photo_url,
      new RegExp(`/api/v1/pets/${petId}/photo\\?v=[A-Za-z0-9]{16}&expires=\\d+&signature=[0-9a-f]{64}$`),
    );

    const [name] = env.stored();
    t.is(env.stored().length, 1);
    t.regex(name, /^[A-Za-z0-9]{40}\.jpg$/);
    const stored = env.storedBytes(name);
    const meta = await sharp(stored).metadata();
    t.is(meta.format, 'jpeg');
    // Orientation 6 turned upright (portrait), fitted inside 1024×1024.
    t.deepEqual([meta.width, meta.height], [768, 1024]);
    t.is(meta.exif, undefined, 'no EXIF at all, so no GPS position');
    t.is(meta.xmp, undefined);
    t.is(meta.orientation, undefined);
    const row = await app.services.db('pets').where('id', petId).first();
    t.like(row, {
      photo_storage_name: name,
      photo_width: 768,
      photo_height: 1024,
      photo_size_bytes: stored.length,
    });

    // The signed link needs no bearer token and serves exactly the stored bytes.
    const served = await send(app, local(pet.photo_url));
    t.is(served.status, 200);
    t.is(served.headers.get('content-type'), 'image/jpeg');
    t.deepEqual(served.bytes, stored);
    t.deepEqual(exifTags((await sharp(served.bytes).metadata()).exif), { ifd0: [], gps: [] });
    t.regex(served.headers.get('cache-control')!, /^private, max-age=/);
    const sig = new URL(pet.photo_url).searchParams.get('signature')!;
    const tampered = local(pet.photo_url).replace(sig, sig.slice(0, -1) + (sig.endsWith('0') ? '1' : '0'));
    t.is((await send(app, tampered)).status, 403);
    t.is((await send(app, `/api/v1/pets/${petId}/photo`)).status, 403);

    // Every pet resource carries it: the owner's list, the clinic's list, a PATCH.
    const mine = await app.clinic.get('/api/v1/owner/me/pets', { token: owner.token });
    t.is(mine.body.data[0].photo_url, pet.photo_url, 'the same URL within the hour (cacheable)');
    const theirs = await app.clinic.get(`/api/v1/tenant/${admin.tenant.id}/pets`, { token: admin.token });
    t.truthy(theirs.body.data.find((p: any) => p.id === petId).photo_url);
    const patched = await app.clinic.patch(
      `/api/v1/owner/me/pets/${petId}`,
      { color: 'brown' },
      { token: owner.token },
    );
    t.truthy(patched.body.data.photo_url);

    // A PNG with transparency replaces it: flattened to JPEG; the old file and the old link are gone.
    const again = await putPhoto(app, path, owner.token, {
      bytes: await png(300, 200),
      name: 'x.png',
      type: 'image/png',
    });
    t.is(again.status, 200);
    t.is(env.stored().length, 1);
    t.not(env.stored()[0], name);
    t.deepEqual(
      await sharp(env.storedBytes(env.stored()[0]))
        .metadata()
        .then((m) => [m.format, m.width, m.height, m.hasAlpha]),
      ['jpeg', 300, 200, false],
      'not enlarged',
    );
    t.is((await send(app, local(pet.photo_url))).status, 404, 'the replaced photo’s link is dead');
    t.is((await send(app, local(again.body.data.photo_url))).status, 200);
    // WebP is accepted too.
    const w = await putPhoto(app, path, owner.token, {
      bytes: await webp(64, 64),
      name: 'a.webp',
      type: 'image/webp',
    });
    t.is(w.status, 200);

    const removed = await app.clinic.delete(path, { token: owner.token });
    t.is(removed.status, 200);
    t.is(removed.body.data.photo_url, null);
    t.deepEqual(env.stored(), []);
    t.is((await app.clinic.delete(path, { token: owner.token })).status, 200, 'no photo is fine');

    const audit = await app.services
      .db('clinic_audit_entries')
      .where({ subject_type: 'pet', subject_id: petId })
      .whereIn('action', ['pet.photo_set', 'pet.photo_removed'])
      .orderBy('id')
      .pluck('action');
    t.deepEqual(audit, ['pet.photo_set', 'pet.photo_set', 'pet.photo_set', 'pet.photo_removed']);
  });

  test(`[${dialect}] bad photos: not an image, a fake signature, too large, wrong field — 422 on photo, nothing written`, async (t) => {
    const env = await bootPhotos(dialect, { PET_PHOTO_MAX_BYTES: '20000' });
    t.teardown(env.close);
    const { app } = env;
    const { owner, petId } = await world(app);
    const path = `/api/v1/owner/me/pets/${petId}/photo`;
    const before = await countRows(app.services.db, 'clinic_audit_entries');

    const cases: Array<[string, Parameters<typeof putPhoto>[3], RegExp]> = [
      [
        'text named .jpg',
        { bytes: Buffer.from('not a picture at all'), name: 'cat.jpg' },
        /JPEG, PNG or WebP/,
      ],
      [
        'JPEG signature, no image',
        { bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 1)]) },
        /JPEG, PNG or WebP|not a readable image/,
      ],
      [
        'a PDF',
        { bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), name: 'x.pdf', type: 'application/pdf' },
        /JPEG, PNG or WebP/,
      ],
      [
        'too large',
        {
          bytes: await noisyPng(400, 400),
          type: 'image/png',
        },
        /must not be larger than 20000 bytes/,
      ],
      ['wrong field name', { bytes: await webp(10, 10), field: 'file' }, /required/],
    ];
    for (const [label, upload, message] of cases) {
      const res = await putPhoto(app, path, owner.token, upload);
      t.is(res.status, 422, label);
      t.regex(String(res.body.errors?.photo), message, label);
    }
    const json = await app.clinic.request('PUT', path, { token: owner.token, body: { photo: 'x' } });
    t.is(json.status, 415);

    t.deepEqual(env.stored(), []);
    t.is((await app.services.db('pets').where('id', petId).first()).photo_storage_name, null);
    t.is(await countRows(app.services.db, 'clinic_audit_entries'), before);
  });

  test(`[${dialect}] who may: the primary owner and the pet's tenant; caregivers, other owners and other tenants not`, async (t) => {
    const env = await bootPhotos(dialect);
    t.teardown(env.close);
    const { app } = env;
    const { admin, owner, petId } = await world(app);
    const photo = { bytes: await webp(40, 30), type: 'image/webp', name: 'p.webp' };
    const full = await registerOwner(app, admin.tenant.id);
    await grantCaregiver(app, petId, owner.userId, full.userId, 'full');
    const stranger = await registerOwner(app, admin.tenant.id);
    const ownerPath = `/api/v1/owner/me/pets/${petId}/photo`;

    t.is(
      (await putPhoto(app, ownerPath, full.token, photo)).status,
      404,
      'a full caregiver does not change the tag’s photo',
    );
    t.is((await putPhoto(app, ownerPath, stranger.token, photo)).status, 404);
    t.is((await send(app, ownerPath, { method: 'PUT' })).status, 401);
    t.is((await app.clinic.delete(ownerPath, { token: full.token })).status, 404);

    const receptionist = await addStaff(app, admin, 'receptionist');
    const clinicPath = `/api/v1/tenant/${admin.tenant.id}/pets/${petId}/photo`;
    const byClinic = await putPhoto(app, clinicPath, receptionist.token, photo);
    t.is(byClinic.status, 200, JSON.stringify(byClinic.body));
    t.truthy(byClinic.body.data.photo_url);
    t.is(byClinic.body.data.client.id, owner.clientId);

    const other = await world(app);
    const otherPath = `/api/v1/tenant/${other.admin.tenant.id}/pets/${petId}/photo`;
    t.is((await putPhoto(app, otherPath, other.admin.token, photo)).status, 404, 'another tenant’s pet');
    t.is((await putPhoto(app, clinicPath, other.admin.token, photo)).status, 403, 'not a member');
    t.is((await putPhoto(app, clinicPath, owner.token, photo)).status, 403, 'an owner is not staff');
    t.is(env.stored().length, 1);

    const cleared = await app.clinic.delete(clinicPath, { token: receptionist.token });
    t.is(cleared.status, 200);
    t.is(cleared.body.data.photo_url, null);
    t.deepEqual(env.stored(), []);
  });
}
