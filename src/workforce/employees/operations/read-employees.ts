// Reading employees: one record with its deployments (GET /employees/{id}, `wfctl employee show`),
// and the employees of the caller's organizations (`wfctl employee list`).
import type { InferType } from 'yup';
import { NotFoundError } from '../../../core/errors.js';
import { defineOperation } from '../../../core/operation.js';
import type { Shape } from '../../../core/shape.js';
import { idNumber, yup } from '../../../core/validation.js';
import type { WorkforceRun } from '../../context.js';
import { serializeDeployment } from '../../deployments/serialize.js';
import { keysetPage, listQueryFields, type Page } from '../../listing.js';
import {
  serializeEmployee,
  type EmployeeView,
  type EmployeeWithDeployments as EmployeeWithDeploymentsShape,
} from '../serialize.js';
import { readableEmployee } from '../visibility.js';

export const getEmployeeInput = yup.object({ employee_id: idNumber().required() });

export type EmployeeWithDeployments = Shape<typeof EmployeeWithDeploymentsShape>;

export const getEmployee = defineOperation({
  name: 'employee.get',
  summary: 'An employee with its deployments (offboarded ones stay readable by admins)',
  input: getEmployeeInput,
  permission: 'organization.view',
  kind: 'read',
  async run(ctx: WorkforceRun, input): Promise<EmployeeWithDeployments> {
    const row = await readableEmployee(ctx, input.employee_id);
    const deployments = await ctx
      .db('employee_deployments')
      .where('employee_id', row.id)
      .orderBy([{ column: 'starts_on' }, { column: 'id' }]);
    return { ...serializeEmployee(row), deployments: deployments.map(serializeDeployment) };
  },
});

export const listEmployeesInput = yup.object({
  organization_id: idNumber().meta({ description: 'only this organization' }),
  ...listQueryFields,
});
export type ListEmployeesInput = InferType<typeof listEmployeesInput>;

/**
 * The employees (not offboarded) of the organizations whose people's records the caller reads:
 * staff roles read their organizations', a system_admin everyone's. Ordered by employee code.
 */
export const listEmployees = defineOperation({
  name: 'employee.list',
  summary: "The employees of the caller's organizations, by employee code",
  input: listEmployeesInput,
  permission: 'records.view',
  kind: 'read',
  async run(ctx: WorkforceRun, input): Promise<Page<EmployeeView>> {
    const q = ctx.db('employees').whereNull('deleted_at').select();
    if (input.organization_id !== undefined) {
      const org = await ctx.db('organizations').where('id', input.organization_id).first('id');
      if (!org) throw new NotFoundError('Organization not found.');
      await ctx.authorize(Number(org.id), 'Organization');
      q.where('organization_id', Number(org.id));
    } else {
      const scopes = await ctx.scopes();
      if (scopes !== null) q.whereIn('organization_id', scopes);
    }
    return keysetPage(
      q,
      {
        limit: input.limit,
        cursor: input.cursor,
        keys: [
          { column: 'employee_id', field: 'employee_id', direction: 'asc' },
          { column: 'id', field: 'id', direction: 'asc' },
        ],
      },
      serializeEmployee,
    );
  },
});
