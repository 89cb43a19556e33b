// Queue handlers of this folder: the order-request email to the seller, written to the mail outbox
// by createOrder in its own transaction and delivered here.
import type { JobHandlers } from '../../core/job-queue.js';
import { PermanentJobError } from '../../core/job-queue.js';
import { deliverMail } from '../../core/mailer.js';

export const ORDER_REQUEST_JOB = 'SendOrderRequestEmailJob';

export const orderJobHandlers: JobHandlers = {
  [ORDER_REQUEST_JOB]: async (services, payload: { mail_id?: unknown }) => {
    const id = Number(payload.mail_id);
    if (!Number.isSafeInteger(id) || id < 1) throw new PermanentJobError('The job has no mail_id.');
    return deliverMail(services, id);
  },
};
