// mail.retry (`wfctl mail retry ID`): a failed or dead email is queued again with a fresh delivery
// job (and a fresh set of attempts); the job it had, if still queued, finds itself superseded and
// sends nothing. A sent email is not sent twice; a queued one is already on its way.
import { ConflictError, NotFoundError } from '../../../core/errors.js';
import { requeueMail, toOutboxMail, type OutboxMail } from '../../../core/mailer.js';
import { defineWrite } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import { lockForUpdate } from '../../../db/knex.js';
import type { ClinicRun } from '../../context.js';

export interface RetriedMail {
  mail: OutboxMail;
  job_id: number;
}

export const retryMail = defineWrite('mail.retry', 'operator', {
  summary: 'Queue a failed or dead email again (a new delivery job with fresh attempts)',
  input: yup.object({ mail_id: idNumber().required() }),
  async run(ctx: ClinicRun, input): Promise<RetriedMail> {
    const { db } = ctx;
    const row = await lockForUpdate(db('mail_outbox').where('id', input.mail_id), db).first();
    if (!row) throw new NotFoundError(`No email ${input.mail_id} in the outbox.`);
    if (row.status === 'sent') {
      throw new ConflictError(`Email ${row.id} was sent already; it is not sent twice.`, 'MAIL_ALREADY_SENT');
    }
    if (row.status === 'queued' || row.status === 'sending') {
      throw new ConflictError(`Email ${row.id} is ${row.status} already.`, 'MAIL_PENDING');
    }
    const jobId = await requeueMail(db, ctx.services, row);
    ctx.audit({
      action: 'mail.requeued',
      subjectType: 'mail',
      subjectId: Number(row.id),
      scopeId: row.tenant_id === null ? null : Number(row.tenant_id),
      details: { previous_status: row.status, attempts: Number(row.attempts), job_id: jobId },
    });
    return { mail: toOutboxMail(await db('mail_outbox').where('id', row.id).first()), job_id: jobId };
  },
});
