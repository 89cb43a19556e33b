// Transferring an employee (no endpoint of its own; `wfctl transfer`), the contract's three steps
// in one transaction:
//  1. the primary deployment in effect on the transfer day ends the day before;
//  2. a new primary deployment at the target unit starts on the transfer day (keeping the old
//     one's end date, if it had one);
//  3. planned shifts at the old unit from the transfer day (and not before today) are cancelled.
// Shifts do not move: the summary lists the cancelled ones so they can be assigned again.
import { ConflictError, ValidationError } from '../../../core/errors.js';
import { lockForUpdate } from '../../../db/knex.js';
import { inTransaction } from '../../../db/transaction.js';
import { recordAudit } from '../../audit/record.js';
import { addDays, localDate, maxDate } from '../../calendar.js';
import type { RunOptions, WorkforceContext } from '../../context.js';
import { lockEmployee, organizationTimezone } from '../../employees/queries.js';
import { authorize } from '../../identity/principal.js';
import { cancelPlannedShifts } from '../../shifts/cancel.js';
import { activeUnitForDeployment, endDeployments, openDeployment } from '../open.js';
import { serializeDeployment, type DeploymentView } from '../serialize.js';
import { assertActive } from './create-deployment.js';

export interface TransferInput {
  employeeId: number;
  targetUnitId: number;
  /** First day at the new unit. */
  on: string;
}

export interface TransferResult {
  dry_run: boolean;
  employee: { id: number; employee_id: string };
  closed_deployment: DeploymentView;
  /** id is null in a dry run. */
  opened_deployment: Omit<DeploymentView, 'id'> & { id: number | null };
  demoted_primary_deployment_ids: number[];
  shifts_cancelled: number[];
}

export async function transferEmployee(
  ctx: WorkforceContext,
  input: TransferInput,
  opts: RunOptions = {},
): Promise<TransferResult> {
  const { services, actor } = ctx;
  return inTransaction(
    services.db,
    async (trx) => {
      const employee = await lockEmployee(trx, input.employeeId);
      authorize(actor, 'employee.update', employee.organization_id, 'Employee');
      assertActive(employee);
      const target = await activeUnitForDeployment(trx, employee.organization_id, input.targetUnitId, 'to');
      const current = await lockForUpdate(
        trx('employee_deployments')
          .where({ employee_id: employee.id, is_primary: true })
          .where('starts_on', '<=', input.on)
          .where((w) => w.whereNull('ends_on').orWhere('ends_on', '>=', input.on))
          .first(),
        trx,
      );
      if (!current) {
        throw new ConflictError(
          `Employee ${employee.employee_id} has no primary deployment on ${input.on} to transfer from.`,
          'NO_PRIMARY_DEPLOYMENT',
        );
      }
      if (Number(current.organization_unit_id) === Number(target.id)) {
        throw ValidationError.field(
          'to',
          `Employee ${employee.employee_id} is already deployed at ${target.code}.`,
        );
      }
      if (current.starts_on >= input.on) {
        throw ValidationError.field(
          'on',
          `The transfer day must be after ${current.starts_on}, when the current primary deployment starts.`,
        );
      }
      const now = services.clock.now();
      const today = localDate(now, await organizationTimezone(trx, employee.organization_id));

      // 1
      await endDeployments(trx, now, [Number(current.id)], addDays(input.on, -1));
      // 2
      const opened = await openDeployment(trx, now, {
        employeeId: employee.id,
        unitId: Number(target.id),
        startsOn: input.on,
        endsOn: current.ends_on ?? null,
        isPrimary: true,
      });
      // 3
      const shiftsCancelled = await cancelPlannedShifts(trx, now, {
        employeeId: employee.id,
        unitId: Number(current.organization_unit_id),
        from: maxDate(input.on, today),
      });

      const audit = (event: string, subjectId: number, context: Record<string, unknown>) =>
        recordAudit(trx, services.clock, {
          event,
          actorUserId: actor.userId,
          subjectType: 'employee_deployment',
          subjectId,
          organizationId: employee.organization_id,
          context: { employee_id: employee.id, via: 'transfer', ...context },
        });
      await audit('employee_deployment.closed', Number(current.id), {
        ends_on_before: current.ends_on ?? null,
        ends_on: addDays(input.on, -1),
        shifts_cancelled: shiftsCancelled,
      });
      await audit('employee_deployment.created', opened.id, {
        organization_unit_id: Number(target.id),
        starts_on: input.on,
        is_primary: true,
        transferred_from_deployment_id: Number(current.id),
        demoted_primary_deployment_ids: opened.demotedPrimaryIds,
      });

      const row = (id: number) => trx('employee_deployments').where('id', id).first();
      const openedView = serializeDeployment(await row(opened.id));
      return {
        dry_run: Boolean(opts.dryRun),
        employee: { id: employee.id, employee_id: employee.employee_id },
        closed_deployment: serializeDeployment(await row(Number(current.id))),
        opened_deployment: { ...openedView, id: opts.dryRun ? null : openedView.id },
        demoted_primary_deployment_ids: opened.demotedPrimaryIds,
        shifts_cancelled: shiftsCancelled,
      };
    },
    opts,
  );
}
