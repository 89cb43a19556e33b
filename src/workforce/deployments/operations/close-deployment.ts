// DELETE /deployments/{id}: stamps ends_on with today (the organization's local date); with
// force the row is deleted. Audit employee_deployment.closed.
import { ConflictError, NotFoundError } from '../../../core/errors.js';
import { lockForUpdate } from '../../../db/knex.js';
import { inTransaction } from '../../../db/transaction.js';
import { toDbTime } from '../../../db/time.js';
import { recordAudit } from '../../audit/record.js';
import { localDate } from '../../calendar.js';
import type { RunOptions, WorkforceContext } from '../../context.js';
import { lockEmployee, organizationTimezone } from '../../employees/queries.js';
import { authorize } from '../../identity/principal.js';
import { serializeDeployment, type DeploymentView } from '../serialize.js';

export interface CloseDeploymentResult {
  dry_run: boolean;
  /** true with force: the row no longer exists; `deployment` is what it was. */
  deleted: boolean;
  deployment: DeploymentView;
}

export async function closeDeployment(
  ctx: WorkforceContext,
  input: { deploymentId: number; force: boolean },
  opts: RunOptions = {},
): Promise<CloseDeploymentResult> {
  const { services, actor } = ctx;
  return inTransaction(
    services.db,
    async (trx) => {
      // A plain read for the employee id (it never changes); locks go employee first, as elsewhere.
      const found = await trx('employee_deployments').where('id', input.deploymentId).first('employee_id');
      if (!found) throw new NotFoundError('Deployment not found.');
      const employee = await lockEmployee(trx, Number(found.employee_id));
      authorize(actor, 'employee.update', employee.organization_id, 'Deployment');
      const current = await lockForUpdate(
        trx('employee_deployments').where('id', input.deploymentId).first(),
        trx,
      );
      if (!current) throw new NotFoundError('Deployment not found.');
      const now = services.clock.now();
      const today = localDate(now, await organizationTimezone(trx, employee.organization_id));
      const audit = (context: Record<string, unknown>) =>
        recordAudit(trx, services.clock, {
          event: 'employee_deployment.closed',
          actorUserId: actor.userId,
          subjectType: 'employee_deployment',
          subjectId: Number(current.id),
          organizationId: employee.organization_id,
          context: { employee_id: employee.id, ends_on_before: current.ends_on ?? null, ...context },
        });

      if (input.force) {
        await trx('employee_deployments').where('id', current.id).delete();
        await audit({ force: true, deleted: true });
        return { dry_run: Boolean(opts.dryRun), deleted: true, deployment: serializeDeployment(current) };
      }
      if (current.ends_on !== null && current.ends_on <= today) {
        throw new ConflictError(
          `Deployment ${current.id} already ended on ${current.ends_on}.`,
          'DEPLOYMENT_ALREADY_CLOSED',
        );
      }
      if (current.starts_on > today) {
        throw new ConflictError(
          `Deployment ${current.id} starts on ${current.starts_on}, after today; delete it with force=true.`,
          'DEPLOYMENT_NOT_STARTED',
        );
      }
      await trx('employee_deployments')
        .where('id', current.id)
        .update({ ends_on: today, updated_at: toDbTime(now) });
      await audit({ force: false, deleted: false, ends_on: today });
      return {
        dry_run: Boolean(opts.dryRun),
        deleted: false,
        deployment: serializeDeployment(await trx('employee_deployments').where('id', current.id).first()),
      };
    },
    opts,
  );
}
