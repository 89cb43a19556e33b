// Reading employees: one record with its deployments (GET /employees/{id}, `wfctl employee show`),
// and the employees of the caller's organizations (`wfctl employee list`).
import { defineRead } from '../../../core/operation.js';
import type { Shape } from '../../../core/shape.js';
import { yup } from '../../../core/validation.js';
import type { WorkforceRun } from '../../context.js';
import { serializeDeployment } from '../../deployments/serialize.js';
import {
  ascending,
  keysetPage,
  ofReadableOrganizations,
  organizationListQuery,
  type Page,
} from '../../listing.js';
import { employeeNaming, namedEmployeeId } from '../../refs.js';
import {
  serializeEmployee,
  type EmployeeView,
  type EmployeeWithDeployments as EmployeeWithDeploymentsShape,
} from '../serialize.js';
import { readableEmployee } from '../visibility.js';

export const getEmployeeInput = yup.object(employeeNaming);

export type EmployeeWithDeployments = Shape<typeof EmployeeWithDeploymentsShape>;

export const getEmployee = defineRead('employee.get', 'organization.view', {
  summary: 'An employee with its deployments (offboarded ones stay readable by admins)',
  input: getEmployeeInput,
  async run(ctx: WorkforceRun, input): Promise<EmployeeWithDeployments> {
    const row = await readableEmployee(ctx, await namedEmployeeId(ctx.db, input));
    const deployments = await ctx
      .db('employee_deployments')
      .where('employee_id', row.id)
      .orderBy([{ column: 'starts_on' }, { column: 'id' }]);
    return { ...serializeEmployee(row), deployments: deployments.map(serializeDeployment) };
  },
});

/**
 * The employees (not offboarded) of the organizations whose people's records the caller reads:
 * staff roles read their organizations', a system_admin everyone's. Ordered by employee code.
 */
export const listEmployees = defineRead('employee.list', 'records.view', {
  summary: "The employees of the caller's organizations, by employee code",
  input: organizationListQuery,
  async run(ctx: WorkforceRun, input): Promise<Page<EmployeeView>> {
    const q = ctx.db('employees').whereNull('deleted_at').select();
    await ofReadableOrganizations(ctx, q, 'organization_id', input.organization);
    return keysetPage(q, { ...input, keys: ascending('employee_id', 'id') }, serializeEmployee);
  },
});
