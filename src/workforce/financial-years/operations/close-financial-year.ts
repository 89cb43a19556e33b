// financial-year.close: checks the close checklist now (unmet → 422 listing each failing month and
// request), then marks the year `closing` and queues the job that finishes the close, in one
// transaction. The job (financial-year.complete-close) re-checks, snapshots and closes.
import { AppError, ConflictError, NotFoundError } from '../../../core/errors.js';
import { enqueueJob } from '../../../core/job-queue.js';
import { defineWrite } from '../../../core/operation.js';
import type { Shape } from '../../../core/shape.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import { actingUser, type WorkforceRun } from '../../context.js';
import { closeChecklist } from '../checklist.js';
import { namedFinancialYearId } from '../../refs.js';
import { financialYearInput } from '../schemas.js';
import type { FinancialYearCloseAccepted } from '../serialize.js';

export const FINANCIAL_YEAR_CLOSE_JOB = 'financial-year.close';

export type CloseAccepted = Shape<typeof FinancialYearCloseAccepted>;

export const closeFinancialYear = defineWrite('financial-year.close', 'attendance.unlock', {
  summary: 'Close a financial year (asynchronous): 202, status closing; poll GET until closed',
  input: financialYearInput,
  async run(ctx: WorkforceRun, input): Promise<CloseAccepted> {
    const { db: trx, services } = ctx;
    const actor = actingUser(ctx);
    const fy = await lockForUpdate(
      trx('financial_years').where({ id: await namedFinancialYearId(trx, input) }),
      trx,
    ).first();
    if (!fy) throw new NotFoundError('Financial year not found.');
    await ctx.authorize(Number(fy.organization_id), 'Financial year');
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
    const jobId = await enqueueJob(trx, services.clock, {
      name: FINANCIAL_YEAR_CLOSE_JOB,
      payload: { financial_year_id: Number(fy.id), actor_user_id: actor.userId },
    });
    await trx('financial_years')
      .where({ id: fy.id })
      .update({ status: 'closing', close_job_id: jobId, updated_at: toDbTime(services.clock.now()) });
    return {
      id: Number(fy.id),
      organization_id: Number(fy.organization_id),
      name: String(fy.name),
      status: 'closing' as const,
      // A dry run rolls the job back: an id would name a job that does not exist.
      job_id: ctx.dryRun ? null : jobId,
      dry_run: ctx.dryRun,
    };
  },
});
