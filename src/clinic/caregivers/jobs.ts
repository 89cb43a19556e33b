// Queue handlers of this folder: the invite email, written to the mail outbox by inviteCaregiver
// in its own transaction and delivered here (src/core/mailer.ts: sent, or failed and retried).
import type { JobHandlers } from '../../core/job-queue.js';
import { deliverMailJob } from '../../core/mailer.js';

export const CAREGIVER_INVITE_JOB = 'SendCaregiverInviteEmailJob';

export const caregiverJobHandlers: JobHandlers = {
  [CAREGIVER_INVITE_JOB]: deliverMailJob,
};
