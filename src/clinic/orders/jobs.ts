// Queue handlers of this folder: the order-request email to the seller, written to the mail outbox
// by createOrder in its own transaction and delivered here (src/core/mailer.ts: sent, or failed and
// retried).
import type { JobHandlers } from '../../core/job-queue.js';
import { deliverMailJob } from '../../core/mailer.js';

export const ORDER_REQUEST_JOB = 'SendOrderRequestEmailJob';

export const orderJobHandlers: JobHandlers = {
  [ORDER_REQUEST_JOB]: deliverMailJob,
};
