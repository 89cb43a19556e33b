// POST /deployments: a new deployment; a primary one demotes the primaries it overlaps. The
// employee row is locked first, so two concurrent creations for one employee run one after the
// other and never leave two overlapping primaries. Audit employee_deployment.created.
import { ConflictError } from '../../../core/errors.js';
import { inTransaction } from '../../../db/transaction.js';
import { recordAudit } from '../../audit/record.js';
import { bool, type RunOptions, type WorkforceContext } from '../../context.js';
import { lockEmployee, type EmployeeRow } from '../../employees/queries.js';
import { authorize } from '../../identity/principal.js';
import { activeUnitForDeployment, openDeployment } from '../open.js';
import { serializeDeployment, type DeploymentView } from '../serialize.js';

export interface CreateDeploymentInput {
  employeeId: number;
  unitId: number;
  startsOn: string;
  endsOn: string | null;
  isPrimary: boolean;
}

export interface CreateDeploymentResult {
  dry_run: boolean;
  /** id is null in a dry run: a new record's id exists only once it is committed. */
  deployment: Omit<DeploymentView, 'id'> & { id: number | null };
  demoted_primary_deployment_ids: number[];
}

export async function createDeployment(
  ctx: WorkforceContext,
  input: CreateDeploymentInput,
  opts: RunOptions = {},
): Promise<CreateDeploymentResult> {
  const { services, actor } = ctx;
  return inTransaction(
    services.db,
    async (trx) => {
      // An unknown employee and one outside the caller's organizations are the same 404.
      const employee = await lockEmployee(trx, input.employeeId);
      authorize(actor, 'employee.update', employee.organization_id, 'Employee');
      assertActive(employee);
      await activeUnitForDeployment(trx, employee.organization_id, input.unitId, 'organization_unit_id');
      const now = services.clock.now();
      const opened = await openDeployment(trx, now, input);
      const row = serializeDeployment(await trx('employee_deployments').where('id', opened.id).first());
      await recordAudit(trx, services.clock, {
        event: 'employee_deployment.created',
        actorUserId: actor.userId,
        subjectType: 'employee_deployment',
        subjectId: opened.id,
        organizationId: employee.organization_id,
        context: {
          employee_id: employee.id,
          organization_unit_id: input.unitId,
          starts_on: input.startsOn,
          ends_on: input.endsOn,
          is_primary: input.isPrimary,
          demoted_primary_deployment_ids: opened.demotedPrimaryIds,
        },
      });
      return {
        dry_run: Boolean(opts.dryRun),
        deployment: { ...row, id: opts.dryRun ? null : row.id },
        demoted_primary_deployment_ids: opened.demotedPrimaryIds,
      };
    },
    opts,
  );
}

export function assertActive(employee: EmployeeRow): void {
  if (!bool(employee.is_active) || employee.deleted_at) {
    throw new ConflictError(`Employee ${employee.employee_id} is offboarded.`, 'EMPLOYEE_OFFBOARDED');
  }
}
