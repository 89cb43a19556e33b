// POST /deployments: a new deployment; a primary one demotes the primaries it overlaps. The
// employee row is locked first, so two concurrent creations for one employee run one after the
// other and never leave two overlapping primaries. Audit employee_deployment.created.
import type { InferType } from 'yup';
import { ConflictError } from '../../../core/errors.js';
import { defineOperation } from '../../../core/operation.js';
import type { Shape } from '../../../core/shape.js';
import { bool, type WorkforceRun } from '../../context.js';
import { lockEmployee, type EmployeeRow } from '../../employees/queries.js';
import { activeUnitForDeployment, openDeployment } from '../open.js';
import { createDeploymentBody } from '../schemas.js';
import { serializeDeployment, type DeploymentCreated } from '../serialize.js';

export type CreateDeploymentInput = InferType<typeof createDeploymentBody>;

export type CreateDeploymentResult = Shape<typeof DeploymentCreated>;

export const createDeployment = defineOperation({
  name: 'deployment.create',
  summary: 'Deploy an employee at a unit; a primary deployment demotes the primaries it overlaps',
  input: createDeploymentBody,
  permission: 'employee.update',
  async run(ctx: WorkforceRun, input): Promise<CreateDeploymentResult> {
    const trx = ctx.db;
    // An unknown employee and one outside the caller's organizations are the same 404.
    const employee = await lockEmployee(trx, input.employee_id);
    await ctx.authorize(employee.organization_id, 'Employee');
    assertActive(employee);
    await activeUnitForDeployment(
      trx,
      employee.organization_id,
      input.organization_unit_id,
      'organization_unit_id',
    );
    const endsOn = input.ends_on ?? null;
    const opened = await openDeployment(trx, ctx.services.clock.now(), {
      employeeId: employee.id,
      unitId: input.organization_unit_id,
      startsOn: input.starts_on,
      endsOn,
      isPrimary: input.is_primary,
    });
    const row = serializeDeployment(await trx('employee_deployments').where('id', opened.id).first());
    ctx.audit({
      action: 'employee_deployment.created',
      subjectType: 'employee_deployment',
      subjectId: opened.id,
      scopeId: employee.organization_id,
      details: {
        employee_id: employee.id,
        organization_unit_id: input.organization_unit_id,
        starts_on: input.starts_on,
        ends_on: endsOn,
        is_primary: input.is_primary,
        demoted_primary_deployment_ids: opened.demotedPrimaryIds,
        primary_changes: opened.primaryChanges,
      },
    });
    return {
      dry_run: ctx.dryRun,
      deployment: { ...row, id: ctx.dryRun ? null : row.id },
      demoted_primary_deployment_ids: opened.demotedPrimaryIds,
      primary_changes: opened.primaryChanges,
    };
  },
});

export function assertActive(employee: EmployeeRow): void {
  if (!bool(employee.is_active) || employee.deleted_at) {
    throw new ConflictError(`Employee ${employee.employee_id} is offboarded.`, 'EMPLOYEE_OFFBOARDED');
  }
}
