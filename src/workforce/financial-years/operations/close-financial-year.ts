// closeFinancialYear: checks the close checklist now (unmet → 422 listing each failing month and
// request), then marks the year `closing` and queues the job that finishes the close, in one
// transaction. The job (completeFinancialYearClose) re-checks, snapshots and closes.
import { AppError, ConflictError, NotFoundError } from '../../../core/errors.js';
import { enqueueJob } from '../../../core/job-queue.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import { inTransaction } from '../../../db/transaction.js';
import { authorize } from '../../identity/principal.js';
import type { OperationContext, OperationOptions } from '../../attendance/context.js';
import { closeChecklist } from '../checklist.js';

export const FINANCIAL_YEAR_CLOSE_JOB = 'financial-year.close';

export interface CloseAccepted {
  id: number;
  organization_id: number;
  name: string;
  status: 'closing';
  job_id: number;
}

export async function closeFinancialYear(
  ctx: OperationContext,
  input: { id: number },
  opts: OperationOptions = {},
): Promise<CloseAccepted> {
  const { services, actor } = ctx;
  const { clock } = services;
  return inTransaction(
    services.db,
    async (trx) => {
      const fy = await lockForUpdate(trx('financial_years').where({ id: input.id }), trx).first();
      if (!fy) throw new NotFoundError('Financial year not found.');
      authorize(actor, 'attendance.unlock', Number(fy.organization_id), 'Financial year');
      if (fy.status === 'closed') {
        throw new ConflictError(`Financial year ${fy.name} is already closed.`, 'FINANCIAL_YEAR_CLOSED');
      }
      if (fy.status === 'closing') {
        throw new ConflictError(`Financial year ${fy.name} is already closing.`, 'FINANCIAL_YEAR_CLOSING', {
          job_id: fy.close_job_id === null ? null : Number(fy.close_job_id),
        });
      }
      const errors = await closeChecklist(trx, fy);
      if (Object.keys(errors).length) {
        throw new AppError(422, `Financial year ${fy.name} cannot be closed yet: the checklist is not met.`, {
          code: 'CLOSE_CHECKLIST_UNMET',
          errors,
        });
      }
      const jobId = await enqueueJob(trx, clock, {
        name: FINANCIAL_YEAR_CLOSE_JOB,
        payload: { financial_year_id: Number(fy.id), actor_user_id: actor.userId },
      });
      await trx('financial_years')
        .where({ id: fy.id })
        .update({ status: 'closing', close_job_id: jobId, updated_at: toDbTime(clock.now()) });
      return {
        id: Number(fy.id),
        organization_id: Number(fy.organization_id),
        name: String(fy.name),
        status: 'closing' as const,
        job_id: jobId,
      };
    },
    opts,
  );
}
