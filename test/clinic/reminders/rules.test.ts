// Who is never written to: a deceased pet (pets.deceased_on, set through the pet update routes), a
// pet a share code moved to another clinic (no longer this tenant's), a vaccination superseded by a
// later one of the same name, one already reminded for that due date. Bad setting values are 422s
// naming the field, with the tenant unchanged; the routes are marked as extensions in the OpenAPI.
import test from 'ava';
import { runOperation } from '../../../src/core/operation.js';
import { operatorContext, systemContext } from '../../../src/clinic/context.js';
import { previewReminders } from '../../../src/clinic/reminders/operations/preview.js';
import { sendReminders } from '../../../src/clinic/reminders/operations/send.js';
import { DIALECTS } from '../../helpers/db.js';
import { bootClinic, signup } from '../fixtures.js';
import { clinicWithReminders, ownerWithDuePet, vaccinate } from './fixtures.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] deceased, moved away, superseded and already reminded: nothing is sent`, async (t) => {
    const app = await bootClinic(dialect); // 2026-01-15T10:00Z
    t.teardown(app.close);
    const clinic = await clinicWithReminders(app);
    const alive = await ownerWithDuePet(app, clinic, 'Alive', '2026-01-20');
    const dead = await ownerWithDuePet(app, clinic, 'Gone', '2026-01-20');
    const moved = await ownerWithDuePet(app, clinic, 'Moved', '2026-01-20');
    // A booster given since: the older record's due date is superseded by the newer one's (outside the window).
    await vaccinate(app, alive.token, alive.petId, 'rabies', '2027-01-10');
    await vaccinate(app, alive.token, alive.petId, 'Distemper', '2026-01-22');

    const died = await app.clinic.patch(
      `/api/v1/owner/me/pets/${dead.petId}`,
      { deceased_on: '2026-01-14' },
      { token: dead.token },
    );
    t.is(died.status, 200);
    t.is(died.body.data.deceased_on, '2026-01-14');
    const future = await app.clinic.patch(
      `/api/v1/owner/me/pets/${dead.petId}`,
      { deceased_on: '2026-02-01' },
      { token: dead.token },
    );
    t.is(future.status, 422);
    t.truthy(future.body.errors.deceased_on);
    // A share code's redeem moves the pet to the scanning clinic (its tenant_id); written directly here.
    const other = await signup(app);
    await app.services.db('pets').where('id', moved.petId).update({ tenant_id: other.tenant.id });

    const input = { tenant_id: clinic.tenant.id, date: '2026-01-15' };
    const preview = await runOperation(previewReminders, operatorContext(app.services), input);
    t.deepEqual(
      preview.messages.map((m) => [m.pet_name, m.due.map((d) => d.name)]),
      [['Alive', ['Distemper']]],
    );
    const sent = await runOperation(sendReminders, systemContext(app.services), input);
    t.deepEqual(
      sent.messages.map(({ mail_id: _m, ...m }) => m),
      preview.messages,
      'the preview is what is sent',
    );
    const again = await runOperation(sendReminders, systemContext(app.services), {
      ...input,
      date: '2026-01-16',
    });
    t.deepEqual(again.messages, [], 'never twice for the same vaccination and due date');
    t.is(
      await app.services
        .db('mail_outbox')
        .count({ n: '*' })
        .first()
        .then((r) => Number(r!.n)),
      1,
    );
    const audit = await app.services
      .db('clinic_audit_entries')
      .where('action', 'pet.vaccination_reminder_sent');
    t.like(audit[0], { via: 'scheduler', subject_id: alive.petId });

    // Reminders off: nothing, whatever is due.
    await app.clinic.patch(
      `/api/v1/tenant/${clinic.tenant.id}/settings/reminders`,
      { enabled: false },
      { token: clinic.token },
    );
    await vaccinate(app, alive.token, alive.petId, 'Leptospirosis', '2026-01-20');
    t.deepEqual((await runOperation(previewReminders, operatorContext(app.services), input)).messages, []);
  });

  test(`[${dialect}] bad setting values are 422s naming the field; the tenant is unchanged`, async (t) => {
    const app = await bootClinic(dialect);
    t.teardown(app.close);
    const clinic = await signup(app);
    const path = `/api/v1/tenant/${clinic.tenant.id}/settings/reminders`;
    const before = await app.services.db('tenants').where('id', clinic.tenant.id).first();
    for (const [body, field] of [
      [{ send_hour: 24 }, 'send_hour'],
      [{ send_hour: 9.5 }, 'send_hour'],
      [{ days_before_due: -1 }, 'days_before_due'],
      [{ days_before_due: 366 }, 'days_before_due'],
      [{ enabled: 'maybe' }, 'enabled'],
      [{ sender_name: 'x'.repeat(121) }, 'sender_name'],
    ] as const) {
      const res = await app.clinic.patch(path, { enabled: true, ...body }, { token: clinic.token });
      t.is(res.status, 422, JSON.stringify(body));
      t.deepEqual(Object.keys(res.body.errors), [field]);
    }
    t.deepEqual(await app.services.db('tenants').where('id', clinic.tenant.id).first(), before);
    const shown = await app.clinic.get(path, { token: clinic.token });
    t.like(shown.body.data, { enabled: false, days_before_due: 14, send_hour: 9, sender_name: null });
    t.is(shown.body.data.effective_sender_name, clinic.tenant.name);

    const doc = (await app.clinic.get('/docs/openapi.json')).body;
    for (const [method, p] of [
      ['get', '/api/v1/tenant/{tenant}/settings/reminders'],
      ['patch', '/api/v1/tenant/{tenant}/settings/reminders'],
      ['get', '/api/v1/owner/me/pets/{pet}/reminders'],
      ['get', '/api/v1/tenant/{tenant}/patients/{pet}/reminders'],
      ['patch', '/api/v1/owner/me/reminder-settings'],
      ['get', '/r/{token}'],
      ['post', '/r/{token}'],
    ]) {
      t.is(doc.paths[p]?.[method]?.['x-wfctl-extension'], true, `${method} ${p}`);
    }
    t.is(
      doc.paths['/api/v1/tenant/{tenant}/profile'].patch['x-wfctl-extension'],
      undefined,
      'contract routes are not',
    );
  });
}
