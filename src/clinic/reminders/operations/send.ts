// reminder.send: one tenant's vaccination reminders for one day of its wall clock, run by the
// daemon's scheduler (src/clinic/reminders/job.ts) as the clinic's system actor, once per tenant and
// day across daemons (its scheduler slot). Each message is written to the mail outbox in this one
// transaction with the log rows whose unique key (vaccination, due date) keeps it from ever going
// out twice: a second run, of the same day or the next, finds the log and leaves those out.
import { NotFoundError } from '../../../core/errors.js';
import { queueMail } from '../../../core/mailer.js';
import { defineWrite } from '../../../core/operation.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { composeMessages, senderName, withoutBodies } from '../compose.js';
import { REMINDER_MAIL_JOB } from '../jobs.js';
import { planReminders, toSettings } from '../queries.js';
import { previewSchema } from '../schemas.js';
import type { ReminderRun } from '../serialize.js';
import { optOutKey } from '../token.js';

export const sendReminders = defineWrite('reminder.send', 'operator', {
  summary: 'Queue one tenant’s vaccination reminders for a day (the scheduler, as the system actor)',
  input: previewSchema,
  // The signing key is read on the pool: it may be made on first use (see appSecret).
  prepare: (ctx) => optOutKey(ctx.services),
  async run(ctx: ClinicRun, input, key: Buffer): Promise<ReminderRun> {
    const { db } = ctx;
    const { clock, config } = ctx.services;
    // Runs of one tenant queue one after the other: the second plans after the first's log commits.
    const row = await lockForUpdate(db('tenants').where('id', input.tenant_id), db).first();
    if (!row) throw new NotFoundError('Tenant not found.');
    const tenant = toSettings(row);
    const plan = await planReminders(db, tenant, input.date);
    const messages = composeMessages(tenant, plan, key, config.clinic.publicUrl);
    const now = toDbTime(clock.now());
    const sent = [];
    for (const pet of plan) {
      const mailIds: number[] = [];
      for (const message of messages.filter((m) => m.pet_id === pet.pet_id)) {
        const mailId = await queueMail(db, ctx.services, {
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          tenant: { id: tenant.tenant_id, name: senderName(tenant) },
          job: REMINDER_MAIL_JOB,
        });
        mailIds.push(mailId);
        sent.push({ ...withoutBodies(message), mail_id: mailId });
      }
      await db('vaccination_reminders').insert(
        pet.due.map((d) => ({
          tenant_id: tenant.tenant_id,
          pet_id: pet.pet_id,
          vaccination_id: d.vaccination_id,
          due_on: d.due_on,
          sent_on: input.date,
          mail_id: mailIds[0],
          recipients: mailIds.length,
          created_at: now,
        })),
      );
      ctx.audit({
        scopeId: tenant.tenant_id,
        action: 'pet.vaccination_reminder_sent',
        subjectType: 'pet',
        subjectId: pet.pet_id,
        details: {
          date: input.date,
          vaccination_ids: pet.due.map((d) => d.vaccination_id),
          mail_ids: mailIds,
        },
      });
    }
    return { tenant_id: tenant.tenant_id, date: input.date, enabled: tenant.enabled, messages: sent };
  },
});
