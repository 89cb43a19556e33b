// The passport PDF: a structurally valid PDF 1.4 (header, objects where the xref says, startxref,
// %%EOF), with the pet's current data and vaccinations, escaped text, never cached, owner-scoped.
import test from 'ava';
import { toDbTime } from '../../../src/db/time.js';
import { buildPdf, pdfString } from '../../../src/clinic/passport/pdf.js';
import { DIALECTS } from '../../helpers/db.js';
import { bootClinic, registerOwner } from '../fixtures.js';
import { world } from './fixtures.js';

/** Checks the cross-reference table against the bytes; returns the number of objects. */
function assertXref(t: any, pdf: Buffer): number {
  const text = pdf.toString('latin1');
  t.true(text.startsWith('%PDF-1.4\n'));
  t.true(text.endsWith('%%EOF\n'));
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  t.is(text.slice(startxref, startxref + 5), 'xref\n');
  const header = /^xref\n0 (\d+)\n/.exec(text.slice(startxref))!;
  const size = Number(header[1]);
  const entries = text
    .slice(startxref + header[0].length)
    .split('\n')
    .slice(0, size);
  t.is(entries[0], '0000000000 65535 f ');
  for (let id = 1; id < size; id++) {
    t.regex(entries[id], /^\d{10} 00000 n $/);
    const offset = Number(entries[id].slice(0, 10));
    t.is(text.slice(offset, offset + `${id} 0 obj\n`.length), `${id} 0 obj\n`, `object ${id}`);
  }
  t.regex(text, new RegExp(`trailer\\n<< /Size ${size} /Root 1 0 R`));
  // Each content stream's /Length is its exact byte count.
  for (const m of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = m.index! + m[0].length;
    t.is(text.slice(start + Number(m[1]), start + Number(m[1]) + '\nendstream'.length), '\nendstream');
  }
  return size;
}

test('pdfString escapes backslashes and parentheses and replaces what Latin-1 cannot hold', (t) => {
  t.is(pdfString('a (b) \\ c'), '(a \\(b\\) \\\\ c)');
  t.is(pdfString('Zoë 🐶'), '(Zoë ?)');
});

test('a long document flows onto more pages with a valid xref', (t) => {
  const lines = Array.from({ length: 200 }, (_, i) => ({ text: `Line ${i}`, x: 50 }));
  const pdf = buildPdf(lines, { title: 'Long', producer: 'test' });
  const size = assertXref(t, pdf);
  t.true(size > 8);
  t.regex(pdf.toString('latin1'), /\/Count [3-9]/);
});

for (const dialect of DIALECTS) {
  test(`[${dialect}] GET passport.pdf: valid PDF with the pet, owner and vaccinations; no-store; owner-scoped`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const { clinic, owner, petId } = await world(app);
    const db = app.services.db;
    await db('pets').where('id', petId).update({ name: 'Biscuit (Jr.) \\ the 2nd', weight_kg: 12.5 });
    const now = toDbTime(app.clock.now());
    await db('pet_vaccinations').insert([
      {
        pet_id: petId,
        name: 'Rabies',
        administered_at: '2025-03-01',
        next_due_at: '2026-03-01',
        lot_number: 'RB-778',
        created_at: now,
        updated_at: now,
      },
      {
        pet_id: petId,
        name: 'DHPP',
        administered_at: '2024-05-10',
        next_due_at: null,
        lot_number: null,
        created_at: now,
        updated_at: now,
      },
    ]);

    const res = await fetch(`${app.clinic.baseUrl}/api/v1/owner/me/pets/${petId}/passport.pdf`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    t.is(res.status, 200);
    t.is(res.headers.get('content-type'), 'application/pdf');
    t.is(res.headers.get('cache-control'), 'no-store');
    const pdf = Buffer.from(await res.arrayBuffer());
    t.is(Number(res.headers.get('content-length')), pdf.length);
    assertXref(t, pdf);
    const text = pdf.toString('latin1');
    t.true(text.includes('(Biscuit \\(Jr.\\) \\\\ the 2nd)'));
    t.true(text.includes('(Olive Owner)'));
    t.true(text.includes('(900123456789012)'));
    t.true(text.includes('(12.5 kg)'));
    t.true(text.includes(`(${clinic.tenant.name})`));
    // Oldest vaccination first.
    t.true(text.indexOf('(DHPP)') < text.indexOf('(Rabies)'));
    t.true(text.includes('(2026-03-01)'));
    t.true(text.includes('(RB-778)'));

    // Built on demand: a change shows on the next call.
    await db('pets').where('id', petId).update({ name: 'Renamed' });
    const again = await fetch(`${app.clinic.baseUrl}/api/v1/owner/me/pets/${petId}/passport.pdf`, {
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    t.true(
      Buffer.from(await again.arrayBuffer())
        .toString('latin1')
        .includes('(Renamed)'),
    );

    const stranger = await registerOwner(app, clinic.tenant.id);
    const denied = await app.clinic.get(`/api/v1/owner/me/pets/${petId}/passport.pdf`, {
      token: stranger.token,
    });
    t.is(denied.status, 404);
    t.is((await app.clinic.get(`/api/v1/owner/me/pets/${petId}/passport.pdf`)).status, 401);
  });
}
