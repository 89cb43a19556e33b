// completeFinancialYearClose (the queued job): in ONE transaction, re-checks the checklist, sets the
// year closed, freezes every leave type's annual_quota and carry_forward_max into
// leave_type_snapshots, and audits financial_year.closed. A crash anywhere rolls all of it back:
// the year stays `closing` and the queue retries the job. If the checklist no longer holds (a month
// was unlocked meanwhile) the year goes back to `open` and the job fails without retrying.
import type { Services } from '../../../core/services.js';
import { PermanentJobError } from '../../../core/job-queue.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import { inTransaction } from '../../../db/transaction.js';
import { recordAudit } from '../../audit/record.js';
import { closeChecklist } from '../checklist.js';

export interface CloseJobPayload {
  financial_year_id: number;
  actor_user_id: number;
}

export async function completeFinancialYearClose(
  services: Services,
  payload: CloseJobPayload,
  job: { id: number },
): Promise<Record<string, unknown>> {
  const { clock } = services;
  const outcome = await inTransaction(services.db, async (trx) => {
    const fy = await lockForUpdate(
      trx('financial_years').where({ id: payload.financial_year_id }),
      trx,
    ).first();
    if (!fy) return { failed: `Financial year ${payload.financial_year_id} no longer exists.` };
    if (fy.status !== 'closing')
      return { financial_year_id: Number(fy.id), status: fy.status, skipped: true };
    const now = toDbTime(clock.now());
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
    await recordAudit(trx, clock, {
      event: 'financial_year.closed',
      actorUserId: payload.actor_user_id,
      subjectType: 'financial_year',
      subjectId: Number(fy.id),
      organizationId: Number(fy.organization_id),
      context: { name: fy.name, job_id: job.id, leave_types_snapshotted: leaveTypes.length },
    });
    return { financial_year_id: Number(fy.id), status: 'closed', leave_types_snapshotted: leaveTypes.length };
  });
  if ('failed' in outcome) throw new PermanentJobError(String(outcome.failed));
  return outcome;
}
