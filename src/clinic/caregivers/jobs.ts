// Queue handlers of this folder: the invite email, written to the mail outbox by inviteCaregiver
// in its own transaction and delivered here.
import type { JobHandlers } from '../../core/job-queue.js';
import { PermanentJobError } from '../../core/job-queue.js';
import { deliverMail } from '../../core/mailer.js';

export const CAREGIVER_INVITE_JOB = 'SendCaregiverInviteEmailJob';

export const caregiverJobHandlers: JobHandlers = {
  [CAREGIVER_INVITE_JOB]: async (services, payload: { mail_id?: unknown }) => {
    const id = Number(payload.mail_id);
    if (!Number.isSafeInteger(id) || id < 1) throw new PermanentJobError('The job has no mail_id.');
    return deliverMail(services, id);
  },
};
