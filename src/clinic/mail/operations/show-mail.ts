// mail.show (`wfctl mail show ID`): one email as it was (or will be) sent, headers and both parts,
// with its delivery state. Operator only: the body may hold a one-time code.
import { NotFoundError } from '../../../core/errors.js';
import { toOutboxMailWithBody, type OutboxMailWithBody } from '../../../core/mailer.js';
import { defineRead } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import type { ClinicRun } from '../../context.js';

export const showMail = defineRead('mail.show', 'operator', {
  summary: 'One email of the outbox as sent: headers, status, attempts, last error, text and HTML',
  input: yup.object({ mail_id: idNumber().required() }),
  async run(ctx: ClinicRun, input): Promise<OutboxMailWithBody> {
    const row = await ctx.db('mail_outbox').where('id', input.mail_id).first();
    if (!row) throw new NotFoundError(`No email ${input.mail_id} in the outbox.`);
    return toOutboxMailWithBody(row);
  },
});
