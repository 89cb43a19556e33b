// GET /deployments/{id}: readable by whoever may read its employee.
import { NotFoundError } from '../../../core/errors.js';
import { defineRead } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import type { WorkforceRun } from '../../context.js';
import { readableEmployee } from '../../employees/visibility.js';
import { serializeDeployment, type DeploymentView } from '../serialize.js';

export const getDeployment = defineRead('deployment.get', 'organization.view', {
  summary: 'A deployment',
  input: yup.object({ deployment_id: idNumber().required() }),
  async run(ctx: WorkforceRun, input): Promise<DeploymentView> {
    const row = await ctx.db('employee_deployments').where('id', input.deployment_id).first();
    if (!row) throw new NotFoundError('Deployment not found.');
    try {
      await readableEmployee(ctx, Number(row.employee_id));
    } catch (err) {
      if (err instanceof NotFoundError) throw new NotFoundError('Deployment not found.');
      throw err;
    }
    return serializeDeployment(row);
  },
});
