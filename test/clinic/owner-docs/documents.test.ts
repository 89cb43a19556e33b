// Pet documents: multipart upload with its rules (types, 10 MB, fields), signed downloads (valid,
// expired, tampered, another pet), deletion of row and file, and who may do what.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import type { TestApp } from '../../helpers/app.js';
import { DIALECTS } from '../../helpers/db.js';
import { bootClinic, registerOwner } from '../fixtures.js';
import { insertPet, rowCounts, world } from './fixtures.js';

const PDF = Buffer.from('%PDF-1.4\n% lab results\n1 0 obj << >> endobj\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 7),
]);

async function boot(dialect: (typeof DIALECTS)[number]) {
  const storage = mkdtempSync(join(tmpdir(), 'wfctl-docs-'));
  const app = await bootClinic(dialect, { env: { STORAGE_DIR: storage } });
  const stored = () => {
    const dir = join(storage, 'pet-documents');
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  return {
    app,
    storage,
    stored,
    close: async () => (await app.close(), rmSync(storage, { recursive: true, force: true })),
  };
}

function upload(
  app: TestApp,
  petId: number,
  token: string,
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string; type: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set('file', new Blob([file.bytes], { type: file.type }), file.name);
  return fetchJson(app, `/api/v1/owner/me/pets/${petId}/documents`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${token}` },
  });
}

async function fetchJson(app: TestApp, path: string, init: RequestInit = {}) {
  const res = await fetch(app.clinic.baseUrl + path, init);
  const buf = Buffer.from(await res.arrayBuffer());
  // Multipart uploads and binary downloads bypass HttpClient: check them against the document here.
  (await app.clinic.openApiValidator()).assert({
    method: init.method ?? 'GET',
    path,
    status: res.status,
    contentType: res.headers.get('content-type'),
    text: buf.toString(),
  });
  const json =
    (res.headers.get('content-type') ?? '').includes('json') && buf.length
      ? JSON.parse(buf.toString())
      : null;
  return { status: res.status, headers: res.headers, body: json, bytes: buf };
}

/** The path and query of a download_url (PUBLIC_URL is not the test listener). */
const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

const lab = { bytes: PDF, name: 'Lab Results – März.pdf', type: 'application/pdf' };

for (const dialect of DIALECTS) {
  test(`[${dialect}] upload, list, signed download (valid, expired, tampered, other pet) and delete`, async (t) => {
    const env = await boot(dialect);
    t.teardown(env.close);
    const { app } = env;
    const { owner, petId } = await world(app);

    const res = await upload(
      app,
      petId,
      owner.token,
      {
        category: 'lab_report',
        title: 'Blood panel',
        document_date: '2026-01-10',
        notes: 'Fasted',
      },
      lab,
    );
    t.is(res.status, 201, JSON.stringify(res.body));
    const doc = res.body.data;
    t.like(doc, {
      pet_id: petId,
      category: 'lab_report',
      title: 'Blood panel',
      document_date: '2026-01-10',
      notes: 'Fasted',
    });
    t.deepEqual(doc.file, { name: lab.name, mime_type: 'application/pdf', size_bytes: PDF.length });
    const files = env.stored();
    t.is(files.length, 1);
    t.regex(files[0], /^[A-Za-z0-9]{40}\.pdf$/);

    const other = await upload(
      app,
      petId,
      owner.token,
      {},
      { bytes: PNG, name: 'receipt.png', type: 'image/png' },
    );
    t.is(other.body.data.category, 'other');

    const list = await app.clinic.get(`/api/v1/owner/me/pets/${petId}/documents`, { token: owner.token });
    t.is(list.status, 200);
    t.is(list.body.data.length, 2);
    const filtered = await app.clinic.get(`/api/v1/owner/me/pets/${petId}/documents?category=lab_report`, {
      token: owner.token,
    });
    t.deepEqual(
      filtered.body.data.map((d: any) => d.id),
      [doc.id],
    );
    t.is(
      (
        await app.clinic.get(`/api/v1/owner/me/pets/${petId}/documents?category=memes`, {
          token: owner.token,
        })
      ).status,
      422,
    );

    const url = new URL(doc.download_url);
    t.is(Number(url.searchParams.get('expires')), Math.floor(app.clock.now().getTime() / 1000) + 300);
    const ok = await fetchJson(app, local(doc.download_url)); // no bearer token
    t.is(ok.status, 200);
    t.deepEqual(ok.bytes, PDF);
    t.is(ok.headers.get('content-type'), 'application/pdf');
    t.is(
      ok.headers.get('content-disposition'),
      `attachment; filename="Lab Results _ M_rz.pdf"; filename*=UTF-8''${encodeURIComponent(lab.name)}`,
    );
    t.is(ok.headers.get('cache-control'), 'private, no-store');

    const sig = url.searchParams.get('signature')!;
    const tampered = sig.slice(0, -1) + (sig.endsWith('0') ? '1' : '0');
    const bad = await fetchJson(app, local(doc.download_url).replace(sig, tampered));
    t.is(bad.status, 403);
    t.is(bad.body.code, 'INVALID_SIGNATURE');
    const longer = await fetchJson(
      app,
      local(doc.download_url).replace(/expires=\d+/, (m) => `${m}0`),
    );
    t.is(longer.status, 403);
    const bare = await fetchJson(app, `/api/v1/owner/me/pets/${petId}/documents/${doc.id}/download`);
    t.is(bare.status, 403);
    // The same signature under another pet's (or document's) path is refused.
    const otherPet = await insertPet(app, owner, { name: 'Pepper' });
    const crossed = await fetchJson(
      app,
      local(doc.download_url).replace(`/pets/${petId}/`, `/pets/${otherPet}/`),
    );
    t.is(crossed.status, 403);
    const otherDoc = await fetchJson(
      app,
      local(doc.download_url).replace(`/documents/${doc.id}/`, `/documents/${other.body.data.id}/`),
    );
    t.is(otherDoc.status, 403);

    app.clock.advance(300_000);
    t.is((await fetchJson(app, local(doc.download_url))).status, 200); // still valid at the expiry second
    app.clock.advance(1000);
    const expired = await fetchJson(app, local(doc.download_url));
    t.is(expired.status, 403);
    t.is(expired.body.code, 'LINK_EXPIRED');

    const fresh = await app.clinic.get(`/api/v1/owner/me/pets/${petId}/documents/${doc.id}`, {
      token: owner.token,
    });
    t.is(fresh.status, 200);
    const del = await app.clinic.delete(`/api/v1/owner/me/pets/${petId}/documents/${doc.id}`, {
      token: owner.token,
    });
    t.is(del.status, 204);
    t.is(await app.services.db('pet_documents').where('id', doc.id).first(), undefined);
    t.is(env.stored().length, 1);
    t.false(env.stored().includes(files[0]));
    t.is((await fetchJson(app, local(fresh.body.data.download_url))).status, 404);
    t.is(
      (await app.clinic.get(`/api/v1/owner/me/pets/${petId}/documents/${doc.id}`, { token: owner.token }))
        .status,
      404,
    );
  });

  test(`[${dialect}] upload rules: 422 naming fields, bad types, 10 MB limit (422 on file); nothing written`, async (t) => {
    const env = await boot(dialect);
    t.teardown(env.close);
    const { app } = env;
    const { owner, petId } = await world(app);
    const before = await rowCounts(app, ['pet_documents', 'clinic_audit_entries']);

    const invalid = await upload(app, petId, owner.token, {
      category: 'selfie',
      title: 't'.repeat(181),
      document_date: '2026-02-30',
      notes: 'n'.repeat(2001),
    });
    t.is(invalid.status, 422);
    t.deepEqual(Object.keys(invalid.body.errors).sort(), [
      'category',
      'document_date',
      'file',
      'notes',
      'title',
    ]);

    const cases = [
      { bytes: Buffer.from('MZ\x90\x00'), name: 'setup.exe', type: 'application/octet-stream' },
      { bytes: PNG, name: 'scan.pdf', type: 'application/pdf' }, // content is not a PDF
      { bytes: PNG, name: 'scan.png', type: 'application/pdf' }, // claimed type does not fit
      { bytes: PDF, name: 'noextension', type: 'application/pdf' },
    ];
    for (const file of cases) {
      const res = await upload(app, petId, owner.token, {}, file);
      t.is(res.status, 422, file.name);
      t.deepEqual(Object.keys(res.body.errors), ['file'], file.name);
    }
    // application/octet-stream with the right bytes is fine (curl sends it for .heic).
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(16)]);
    t.is(
      (
        await upload(
          app,
          petId,
          owner.token,
          {},
          { bytes: heic, name: 'IMG_1.HEIC', type: 'application/octet-stream' },
        )
      ).status,
      201,
    );
    const heicRow = await app.services.db('pet_documents').orderBy('id', 'desc').first();
    t.is(heicRow.mime_type, 'image/heic');
    await app.services.db('pet_documents').where('id', heicRow.id).delete();
    await app.services.db('clinic_audit_entries').where('action', 'document.uploaded').delete();
    rmSync(join(env.storage, 'pet-documents'), { recursive: true, force: true });

    const tooBig = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1 - PDF.length, 0x20)]);
    const big = await upload(
      app,
      petId,
      owner.token,
      {},
      { bytes: tooBig, name: 'big.pdf', type: 'application/pdf' },
    );
    t.is(big.status, 422);
    t.deepEqual(Object.keys(big.body.errors), ['file']);
    const limit = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 - PDF.length, 0x20)]);
    t.deepEqual(await rowCounts(app, ['pet_documents', 'clinic_audit_entries']), before);
    t.deepEqual(env.stored(), []);
    const exact = await upload(
      app,
      petId,
      owner.token,
      {},
      { bytes: limit, name: 'max.pdf', type: 'application/pdf' },
    );
    t.is(exact.status, 201);
    t.is(exact.body.data.file.size_bytes, 10 * 1024 * 1024);
  });

  test(`[${dialect}] caregivers: view reads and downloads but cannot upload or delete; full can`, async (t) => {
    const env = await boot(dialect);
    t.teardown(env.close);
    const { app } = env;
    const { clinic, owner, petId } = await world(app);
    const grant = async (level: 'view' | 'full') => {
      const u = await registerOwner(app, clinic.tenant.id);
      await app.services.db('pet_caregivers').insert({
        pet_id: petId,
        invited_by_user_id: owner.userId,
        invited_email: u.email,
        access_level: level,
        token_hash: level.padEnd(64, '0'),
        caregiver_user_id: u.userId,
        expires_at: '2026-02-01 00:00:00.000',
        accepted_at: '2026-01-15 10:00:00.000',
        created_at: '2026-01-15 10:00:00.000',
        updated_at: '2026-01-15 10:00:00.000',
      });
      return u;
    };
    const viewer = await grant('view');
    const helper = await grant('full');
    const stranger = await registerOwner(app, clinic.tenant.id);

    t.is((await upload(app, petId, viewer.token, {}, lab)).status, 404);
    t.is((await upload(app, petId, stranger.token, {}, lab)).status, 404);
    const byHelper = await upload(app, petId, helper.token, { category: 'insurance' }, lab);
    t.is(byHelper.status, 201);
    t.is(byHelper.body.data.uploaded_by_user_id, helper.userId);
    const docPath = `/api/v1/owner/me/pets/${petId}/documents/${byHelper.body.data.id}`;

    const seen = await app.clinic.get(`/api/v1/owner/me/pets/${petId}/documents`, { token: viewer.token });
    t.is(seen.status, 200);
    t.is(seen.body.data.length, 1);
    t.is((await fetchJson(app, local(seen.body.data[0].download_url))).status, 200);
    t.is(
      (await app.clinic.get(`/api/v1/owner/me/pets/${petId}/documents`, { token: stranger.token })).status,
      404,
    );
    t.is((await app.clinic.get(docPath, { token: stranger.token })).status, 404);

    t.is((await app.clinic.delete(docPath, { token: viewer.token })).status, 404);
    t.is((await app.clinic.delete(docPath, { token: stranger.token })).status, 404);
    t.is(env.stored().length, 1);
    t.is((await app.clinic.delete(docPath, { token: helper.token })).status, 204);
    t.is(env.stored().length, 0);
  });
}
