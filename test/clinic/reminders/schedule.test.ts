// The daily vaccination reminders run at each clinic's own send hour on its own wall clock, once
// across daemons: two schedulers (two daemons) on one database, fired by hand at each minute of the
// injected clock. The mail is delivered by the real queue handler to the SMTP server of the test and
// read back parsed; the preview made beforehand lists exactly what then arrives.
import test from 'ava';
import { FixedClock } from '../../../src/core/clock.js';
import { runOperation } from '../../../src/core/operation.js';
import { operatorContext } from '../../../src/clinic/context.js';
import { vaccinationRemindersJob } from '../../../src/clinic/reminders/job.js';
import { previewReminders } from '../../../src/clinic/reminders/operations/preview.js';
import { startScheduler } from '../../../src/scheduler/scheduler.js';
import { DIALECTS } from '../../helpers/db.js';
import { startSmtp } from '../../helpers/smtp.js';
import { ManualTimers, ManualTriggers } from '../../scheduler/fakes.js';
import { bootClinic } from '../fixtures.js';
import { clinicWithReminders, deliverAll, ownerWithDuePet, toAddress } from './fixtures.js';

for (const dialect of DIALECTS) {
  test(`[${dialect}] Kolkata and New York each get theirs at 09:00 local, once across two daemons, as previewed`, async (t) => {
    const smtp = await startSmtp();
    t.teardown(smtp.stop);
    const clock = new FixedClock('2026-11-30T23:00:00.000Z');
    const app = await bootClinic(dialect, { clock, env: { MAIL_URL: smtp.url } });
    t.teardown(app.close);
    const pune = await clinicWithReminders(app, { timezone: 'Asia/Kolkata' });
    const nyc = await clinicWithReminders(app, { timezone: 'America/New_York' });
    const asha = await ownerWithDuePet(app, pune, 'Moti', '2026-12-15');
    const bob = await ownerWithDuePet(app, nyc, 'Rex', '2026-12-15', 'Distemper');

    const preview = async (tenantId: number) =>
      (
        await runOperation(previewReminders, operatorContext(app.services), {
          tenant_id: tenantId,
          date: '2026-12-01',
        })
      ).messages;
    const previewPune = await preview(pune.tenant.id);
    const previewNyc = await preview(nyc.tenant.id);
    t.deepEqual(
      previewPune.map((m) => [m.to, m.pet_name, m.due.map((d) => [d.name, d.due_on])]),
      [[asha.email, 'Moti', [['Rabies', '2026-12-15']]]],
    );
    t.is(previewNyc.length, 1);

    // Two daemons on the one database.
    const daemons = [new ManualTriggers(), new ManualTriggers()].map((triggers) => ({
      triggers,
      scheduler: startScheduler(app.services, {
        jobs: [vaccinationRemindersJob],
        triggers,
        timers: new ManualTimers(),
      }),
    }));
    t.teardown(() => Promise.all(daemons.map((d) => d.scheduler.stop())).then(() => undefined));
    const minute = async (at: string) => {
      clock.set(at);
      for (const d of daemons) d.triggers.minute();
      await Promise.all(daemons.map((d) => d.scheduler.idle()));
      await deliverAll(app);
    };
    const outbox = () => app.services.db('mail_outbox').where('job_name', 'SendVaccinationReminderEmailJob');

    // The start-up firing: 04:30 on Dec 1 in Kolkata (not yet), 18:00 on Nov 30 in New York, whose
    // run of Nov 30 finds nothing due within 14 days of that day.
    await Promise.all(daemons.map((d) => d.scheduler.idle()));
    await deliverAll(app);
    t.is((await outbox()).length, 0, 'nothing before its window');
    // `wfctl schedule` shows each tenant's next send time on its own wall clock.
    const next = await vaccinationRemindersJob.upcoming!(app.services, clock.now());
    t.deepEqual(
      next.map((u) => [u.subject, u.due_local, u.due_at, u.overdue]),
      [
        [`tenant ${pune.tenant.slug}`, '2026-12-01T09:00+05:30', '2026-12-01T03:30:00.000Z', []],
        [`tenant ${nyc.tenant.slug}`, '2026-12-01T09:00-05:00', '2026-12-01T14:00:00.000Z', []],
      ],
    );

    await minute('2026-12-01T03:29:00.000Z'); // 08:59 in Kolkata
    t.is(smtp.received.length, 0);
    await minute('2026-12-01T03:30:00.000Z'); // 09:00 in Kolkata, 22:30 the day before in New York
    t.deepEqual(smtp.received.map(toAddress), [asha.email], 'Kolkata’s, once, though two daemons fired');
    await minute('2026-12-01T13:59:00.000Z'); // 08:59 in New York
    t.is(smtp.received.length, 1);
    await minute('2026-12-01T14:00:00.000Z'); // 09:00 in New York
    t.deepEqual(smtp.received.map(toAddress), [asha.email, bob.email]);
    await minute('2026-12-02T03:30:00.000Z'); // the next day in Kolkata: already reminded
    await minute('2026-12-02T14:00:00.000Z');
    t.is(smtp.received.length, 2, 'never twice for the same vaccination and due date');
    t.is((await outbox()).length, 2);

    const runs = await app.services.db('scheduler_runs').where('job', 'vaccination-reminders').orderBy('id');
    t.deepEqual(
      runs.map((r) => [r.slot, r.status]),
      [
        [`2026-11-30/tenant:${nyc.tenant.id}`, 'done'],
        [`2026-12-01/tenant:${pune.tenant.id}`, 'done'],
        [`2026-12-01/tenant:${nyc.tenant.id}`, 'done'],
        [`2026-12-02/tenant:${pune.tenant.id}`, 'done'],
        [`2026-12-02/tenant:${nyc.tenant.id}`, 'done'],
      ],
    );

    // What arrived is what the preview listed: sender, recipient, subject, the due lines.
    const [toAsha, toBob] = smtp.received;
    for (const [mail, planned, clinic] of [
      [toAsha, previewPune[0], pune],
      [toBob, previewNyc[0], nyc],
    ] as const) {
      t.is(toAddress(mail), planned.to);
      t.is(mail.subject, planned.subject);
      t.is(mail.from?.value[0].name, clinic.tenant.name, 'the clinic’s name as the sender name');
      for (const d of planned.due) t.true(mail.text!.includes(`${d.name}: due on ${d.due_on}`));
      t.true(String(mail.html).includes(planned.due[0].name), 'an HTML part too');
      t.regex(mail.text!, /\/r\/\d+\.\d+\.[0-9a-f]{32}/);
      const link = mail
        .text!.split('\n')
        .find((l) => l.includes('/r/'))!
        .trim();
      t.true(link.startsWith('http') && link.length <= 72, `the link has a line of its own: ${link}`);
    }

    // The pet's log, owner side and clinic side.
    const log = await app.clinic.get(`/api/v1/owner/me/pets/${asha.petId}/reminders`, { token: asha.token });
    t.is(log.status, 200);
    t.like(log.body.data[0], {
      vaccination_name: 'Rabies',
      due_on: '2026-12-15',
      sent_on: '2026-12-01',
      recipients: 1,
    });
    const clinicLog = await app.clinic.get(
      `/api/v1/tenant/${pune.tenant.id}/patients/${asha.petId}/reminders`,
      {
        token: pune.token,
      },
    );
    t.is(clinicLog.body.data.length, 1);
    const other = await app.clinic.get(`/api/v1/owner/me/pets/${asha.petId}/reminders`, { token: bob.token });
    t.is(other.status, 404, 'another owner’s pet');
  });
}
