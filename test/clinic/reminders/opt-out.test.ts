// The one-click opt-out: the link in a reminder shows a confirmation page (no login) and a POST
// records it; the next run leaves that recipient out. A forged token, and a token edited to name
// another owner, are refused with a 403 page and change nothing; using a token twice says it was
// already done. Caregivers get a copy only when the owner allows it, each with their own link.
import test from 'ava';
import { runOperation } from '../../../src/core/operation.js';
import { systemContext } from '../../../src/clinic/context.js';
import { sendReminders } from '../../../src/clinic/reminders/operations/send.js';
import { toDbTime } from '../../../src/db/time.js';
import { DIALECTS } from '../../helpers/db.js';
import { startSmtp } from '../../helpers/smtp.js';
import { bootClinic, registerOwner } from '../fixtures.js';
import { rowCounts } from '../owner-docs/fixtures.js';
import {
  clinicWithReminders,
  deliverAll,
  optOutLink,
  ownerWithDuePet,
  toAddress,
  vaccinate,
} from './fixtures.js';

const TABLES = ['reminder_opt_outs', 'clinic_audit_entries', 'vaccination_reminders', 'mail_outbox'];

for (const dialect of DIALECTS) {
  test(`[${dialect}] the opt-out link stops the next reminder; forged and other owners' tokens change nothing`, async (t) => {
    const smtp = await startSmtp();
    t.teardown(smtp.stop);
    const app = await bootClinic(dialect, { env: { MAIL_URL: smtp.url } }); // 2026-01-15T10:00Z
    t.teardown(app.close);
    const clinic = await clinicWithReminders(app);
    const ann = await ownerWithDuePet(app, clinic, 'Moti', '2026-01-20');
    const ben = await ownerWithDuePet(app, clinic, 'Rex', '2026-01-21');
    const send = (date: string) =>
      runOperation(sendReminders, systemContext(app.services), { tenant_id: clinic.tenant.id, date });

    await send('2026-01-15');
    await deliverAll(app);
    t.deepEqual(smtp.received.map(toAddress).sort(), [ann.email, ben.email].sort());
    const annToken = optOutLink(smtp.received.find((m) => toAddress(m) === ann.email)!);
    const benToken = optOutLink(smtp.received.find((m) => toAddress(m) === ben.email)!);
    t.not(annToken, benToken);

    // Refused: a forged signature, Ann's signature under Ben's id, a token cut short, a long made-up one.
    const before = await rowCounts(app, TABLES);
    const [tenantPart, annId, sig] = annToken.split('.');
    const forged = `${tenantPart}.${annId}.${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    const swapped = `${tenantPart}.${ben.userId}.${sig}`;
    for (const token of [forged, swapped, `${tenantPart}.${annId}`, 'x'.repeat(300)]) {
      for (const method of ['GET', 'POST']) {
        const res = await app.clinic.request(method, `/r/${token}`);
        t.is(res.status, 403, `${method} ${token}`);
        t.regex(res.text, /not valid/);
      }
    }
    t.deepEqual(await rowCounts(app, TABLES), before, 'nothing changed');

    // The real link: a confirmation page, then the opt-out, then "already done".
    const page = await app.clinic.get(`/r/${annToken}`);
    t.is(page.status, 200);
    t.regex(page.headers.get('content-type') ?? '', /text\/html/);
    t.regex(page.text, /<form method="post">/);
    t.deepEqual(await rowCounts(app, TABLES), before, 'looking changes nothing');
    const done = await app.clinic.post(`/r/${annToken}`);
    t.is(done.status, 200);
    t.regex(done.text, /no longer receive/);
    const again = await app.clinic.post(`/r/${annToken}`);
    t.is(again.status, 200);
    t.regex(again.text, /already opted out/);
    t.deepEqual(await app.services.db('reminder_opt_outs').select('tenant_id', 'user_id'), [
      { tenant_id: clinic.tenant.id, user_id: ann.userId },
    ]);
    t.regex((await app.clinic.get(`/r/${annToken}`)).text, /already opted out/);

    // Both pets get a new vaccination due: only Ben hears of his.
    await vaccinate(app, ann.token, ann.petId, 'Leptospirosis', '2026-01-25');
    await vaccinate(app, ben.token, ben.petId, 'Leptospirosis', '2026-01-25');
    const next = await send('2026-01-16');
    t.deepEqual(
      next.messages.map((m) => m.to),
      [ben.email],
    );
    await deliverAll(app);
    t.deepEqual(smtp.received.slice(2).map(toAddress), [ben.email]);
  });

  test(`[${dialect}] full-access caregivers get their own copy only when the owner allows it`, async (t) => {
    const smtp = await startSmtp();
    t.teardown(smtp.stop);
    const app = await bootClinic(dialect, { env: { MAIL_URL: smtp.url } });
    t.teardown(app.close);
    const clinic = await clinicWithReminders(app, { settings: { sender_name: 'Happy Paws Vets' } });
    const ann = await ownerWithDuePet(app, clinic, 'Moti', '2026-01-20');
    const full = await registerOwner(app, clinic.tenant.id);
    const viewer = await registerOwner(app, clinic.tenant.id);
    const now = toDbTime(app.clock.now());
    for (const [who, level] of [
      [full, 'full'],
      [viewer, 'view'],
    ] as const) {
      await app.services.db('pet_caregivers').insert({
        pet_id: ann.petId,
        invited_by_user_id: ann.userId,
        invited_email: who.email,
        access_level: level,
        token_hash: `${level}-${who.userId}`.padEnd(64, '0'),
        caregiver_user_id: who.userId,
        expires_at: now,
        accepted_at: now,
        created_at: now,
        updated_at: now,
      });
    }
    const preview = () =>
      runOperation(
        sendReminders,
        systemContext(app.services),
        { tenant_id: clinic.tenant.id, date: '2026-01-15' },
        { dryRun: true },
      );
    t.deepEqual(
      (await preview()).messages.map((m) => m.to),
      [ann.email],
      'the owner only, by default',
    );

    const allow = await app.clinic.patch(
      '/api/v1/owner/me/reminder-settings',
      { include_caregivers: true },
      { token: ann.token },
    );
    t.deepEqual(allow.body.data, { include_caregivers: true });
    await runOperation(sendReminders, systemContext(app.services), {
      tenant_id: clinic.tenant.id,
      date: '2026-01-15',
    });
    await deliverAll(app);
    t.deepEqual(smtp.received.map(toAddress), [ann.email, full.email], 'not the view-only caregiver');
    t.deepEqual(
      smtp.received.map((m) => m.from?.value[0].name),
      ['Happy Paws Vets', 'Happy Paws Vets'],
    );
    t.not(optOutLink(smtp.received[0]), optOutLink(smtp.received[1]), 'each recipient has their own link');
    const log = await app.services.db('vaccination_reminders').select('recipients');
    t.deepEqual(log, [{ recipients: 2 }]);
  });
}
