// Queue handlers of this folder: each reminder email, written to the mail outbox by reminder.send
// in the transaction that logs it, and delivered here (src/core/mailer.ts).
import type { JobHandlers } from '../../core/job-queue.js';
import { deliverMailJob } from '../../core/mailer.js';

export const REMINDER_MAIL_JOB = 'SendVaccinationReminderEmailJob';

export const reminderJobHandlers: JobHandlers = {
  [REMINDER_MAIL_JOB]: deliverMailJob,
};
