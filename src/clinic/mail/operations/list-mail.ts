// mail.list (`wfctl mail list`): the outbox, newest first, optionally one status, keyset-paged by
// id (`before`: the last id of the previous page). Operator only: the outbox serves every tenant.
import { MAIL_STATUSES, toOutboxMail, type OutboxMail } from '../../../core/mailer.js';
import { defineRead } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import type { ClinicRun } from '../../context.js';

export interface MailPage {
  data: OutboxMail[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_before: number | null;
}

export const listMail = defineRead('mail.list', 'operator', {
  summary: 'The mail outbox, newest first: status, attempts and last error of each email',
  input: yup.object({
    status: yup.string().oneOf([...MAIL_STATUSES], `The status must be one of ${MAIL_STATUSES.join(', ')}.`),
    before: idNumber(),
    limit: yup.number().integer().min(1).max(500).default(50),
  }),
  async run(ctx: ClinicRun, input): Promise<MailPage> {
    const q = ctx
      .db('mail_outbox')
      .select(
        'id',
        'status',
        'from_name',
        'from_address',
        'to_address',
        'reply_to',
        'subject',
        'tenant_id',
        'attempts',
        'last_error',
        'message_id',
        'job_name',
        'created_at',
        'sent_at',
        'updated_at',
      )
      .orderBy('id', 'desc')
      .limit(input.limit + 1);
    if (input.status) q.where('status', input.status);
    if (input.before !== undefined) q.where('id', '<', input.before);
    const rows = await q;
    const page = rows.slice(0, input.limit).map(toOutboxMail);
    return { data: page, next_before: rows.length > input.limit ? page[page.length - 1].id : null };
  },
});
