// DELETE /deployments/{id}: stamps ends_on with today (the organization's local date); with
// force the row is deleted, and what opening it took from the employee's other primaries is given
// back in the same transaction (undo.ts), or the deletion is refused with 409 when it would leave
// days without a primary. Audit employee_deployment.closed.
import { ConflictError, NotFoundError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import type { Shape } from '../../../core/shape.js';
import { idNumber, yup } from '../../../core/validation.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import { localDate } from '../../calendar.js';
import type { WorkforceRun } from '../../context.js';
import { lockEmployee, organizationTimezone } from '../../employees/queries.js';
import { serializeDeployment, type DeploymentClosed } from '../serialize.js';
import { giveBackWhatOpeningTook } from '../undo.js';

export const closeDeploymentInput = yup.object({
  deployment_id: idNumber().required(),
  force: yup.boolean().default(false).meta({
    description:
      'true: delete the row instead of closing it, giving back what its opening took from other primaries',
  }),
});

export type CloseDeploymentResult = Shape<typeof DeploymentClosed>;

export const closeDeployment = defineWrite('deployment.close', 'employee.update', {
  summary: 'Close a deployment (ends_on = today in the organization’s timezone); force=true deletes it',
  input: closeDeploymentInput,
  async run(ctx: WorkforceRun, input): Promise<CloseDeploymentResult> {
    const trx = ctx.db;
    // A plain read for the employee id (it never changes); locks go employee first, as elsewhere.
    const found = await trx('employee_deployments').where('id', input.deployment_id).first('employee_id');
    if (!found) throw new NotFoundError('Deployment not found.');
    const employee = await lockEmployee(trx, Number(found.employee_id));
    await ctx.authorize(employee.organization_id, 'Deployment');
    const current = await lockForUpdate(
      trx('employee_deployments').where('id', input.deployment_id).first(),
      trx,
    );
    if (!current) throw new NotFoundError('Deployment not found.');
    const now = ctx.services.clock.now();
    const today = localDate(now, await organizationTimezone(trx, employee.organization_id));
    const audit = (details: Record<string, unknown>) =>
      ctx.audit({
        action: 'employee_deployment.closed',
        subjectType: 'employee_deployment',
        subjectId: Number(current.id),
        scopeId: employee.organization_id,
        details: { employee_id: employee.id, ends_on_before: current.ends_on ?? null, ...details },
      });

    if (input.force) {
      const restored = await giveBackWhatOpeningTook(
        trx,
        now,
        { id: Number(current.id), employee_id: employee.id },
        employee.employee_id,
      );
      await trx('employee_deployments').where('id', current.id).delete();
      audit({ force: true, deleted: true, restored });
      return { dry_run: ctx.dryRun, deleted: true, deployment: serializeDeployment(current), restored };
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
    audit({ force: false, deleted: false, ends_on: today });
    return {
      dry_run: ctx.dryRun,
      deleted: false,
      deployment: serializeDeployment(await trx('employee_deployments').where('id', current.id).first()),
      restored: [],
    };
  },
});
