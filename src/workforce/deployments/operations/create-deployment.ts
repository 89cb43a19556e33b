// POST /deployments: a new deployment; a primary one demotes the primaries it overlaps. The
// employee row is locked first, so two concurrent creations for one employee run one after the
// other and never leave two overlapping primaries. Audit employee_deployment.created. The route's
// body names the employee and the unit by id; the CLI by name (E042, ACME/MUM), resolved here.
import type { Knex } from 'knex';
import { ConflictError, ValidationError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import type { Shape } from '../../../core/shape.js';
import { idNumber, yup } from '../../../core/validation.js';
import { bool, type WorkforceRun } from '../../context.js';
import { employeeNaming, namedEmployeeId, unitNaming, unitPathRef } from '../../refs.js';
import { lockEmployee, type EmployeeRow } from '../../employees/queries.js';
import { activeUnitForDeployment, openDeployment } from '../open.js';
import { deploymentTerms } from '../schemas.js';
import { serializeDeployment, type DeploymentCreated } from '../serialize.js';

/** The body, the employee and the unit also as the CLI names them (E042, ACME/MUM). */
export const createDeploymentInput = yup.object({
  ...employeeNaming,
  organization_unit_id: idNumber(),
  unit: unitNaming.unit,
  ...deploymentTerms,
});

export type CreateDeploymentResult = Shape<typeof DeploymentCreated>;

export const createDeployment = defineWrite('deployment.create', 'employee.update', {
  summary: 'Deploy an employee at a unit; a primary deployment demotes the primaries it overlaps',
  input: createDeploymentInput,
  async run(ctx: WorkforceRun, input): Promise<CreateDeploymentResult> {
    const trx = ctx.db;
    // An unknown employee and one outside the caller's organizations are the same 404.
    const employee = await lockEmployee(trx, await namedEmployeeId(trx, input));
    await ctx.authorize(employee.organization_id, 'Employee');
    assertActive(employee);
    const [unitId, unitField] = await namedUnit(trx, input);
    await activeUnitForDeployment(trx, employee.organization_id, unitId, unitField);
    const endsOn = input.ends_on ?? null;
    const opened = await openDeployment(trx, ctx.services.clock.now(), {
      employeeId: employee.id,
      unitId,
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
        organization_unit_id: unitId,
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

/** The unit by id (the body), else as the CLI names it (ORG/UNIT), with the field its errors name. */
async function namedUnit(
  trx: Knex,
  input: { organization_unit_id?: number; unit?: string },
): Promise<[number, string]> {
  if (input.organization_unit_id !== undefined) return [input.organization_unit_id, 'organization_unit_id'];
  if (input.unit === undefined) {
    throw ValidationError.field('organization_unit_id', 'The organization_unit_id field is required.');
  }
  return [(await unitPathRef(trx, input.unit, 'unit')).id, 'unit'];
}

export function assertActive(employee: EmployeeRow): void {
  if (!bool(employee.is_active) || employee.deleted_at) {
    throw new ConflictError(`Employee ${employee.employee_id} is offboarded.`, 'EMPLOYEE_OFFBOARDED');
  }
}
