// financial-year.complete-close (the queued close job, run as the system user): in ONE transaction,
// re-checks the checklist, sets the year closed, freezes every leave type's annual_quota and
// carry_forward_max into leave_type_snapshots, and audits financial_year.closed in the name of the
// user who asked for the close. A crash anywhere rolls all of it back: the year stays `closing` and
// the queue retries the job. If the checklist no longer holds (a month was unlocked meanwhile) the
// year goes back to `open` (committed) and the outcome says why, so the job fails without retrying.
import { defineWrite } from '../../../core/operation.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import type { WorkforceRun } from '../../context.js';
import { closeChecklist } from '../checklist.js';
import { completeCloseInput } from '../schemas.js';

export type CloseOutcome =
  | { financial_year_id: number; status: 'closed'; leave_types_snapshotted: number }
  | { financial_year_id: number; status: string; skipped: true }
  | { failed: string };

export const completeFinancialYearClose = defineWrite('financial-year.complete-close', 'system.admin', {
  summary: 'Finish closing a financial year: re-check, snapshot the leave types, close (the queued job)',
  input: completeCloseInput,
  async run(ctx: WorkforceRun, input): Promise<CloseOutcome> {
    const { db: trx, services } = ctx;
    const fy = await lockForUpdate(
      trx('financial_years').where({ id: input.financial_year_id }),
      trx,
    ).first();
    if (!fy) return { failed: `Financial year ${input.financial_year_id} no longer exists.` };
    if (fy.status !== 'closing')
      return { financial_year_id: Number(fy.id), status: fy.status, skipped: true };
    const now = toDbTime(services.clock.now());
    const errors = await closeChecklist(trx, fy);
    if (Object.keys(errors).length) {
      await trx('financial_years').where({ id: fy.id }).update({ status: 'open', updated_at: now });
      return { failed: `The close checklist is no longer met: ${Object.values(errors).flat().join(' ')}` };
    }
    await trx('financial_years')
      .where({ id: fy.id })
      .update({ status: 'closed', closed_at: now, updated_at: now });
    const leaveTypes = await trx('leave_types')
      .where({ organization_id: fy.organization_id })
      .orderBy('id')
      .select('id', 'code', 'name', 'annual_quota', 'carry_forward_max');
    if (leaveTypes.length) {
      await trx('leave_type_snapshots').insert(
        leaveTypes.map((lt) => ({
          financial_year_id: fy.id,
          leave_type_id: lt.id,
          code: lt.code,
          name: lt.name,
          annual_quota: lt.annual_quota,
          carry_forward_max: lt.carry_forward_max,
          created_at: now,
        })),
      );
    }
    ctx.audit({
      action: 'financial_year.closed',
      subjectType: 'financial_year',
      subjectId: Number(fy.id),
      scopeId: Number(fy.organization_id),
      onBehalfOf: input.requested_by,
      details: { name: fy.name, job_id: input.job_id, leave_types_snapshotted: leaveTypes.length },
    });
    return { financial_year_id: Number(fy.id), status: 'closed', leave_types_snapshotted: leaveTypes.length };
  },
});
