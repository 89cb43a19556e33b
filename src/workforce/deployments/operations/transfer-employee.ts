// Transferring an employee (no endpoint of its own; `wfctl transfer`), the contract's three steps
// in one transaction:
//  1. the primary deployment in effect on the transfer day ends the day before;
//  2. a new primary deployment at the target unit starts on the transfer day (keeping the old
//     one's end date, if it had one);
//  3. planned shifts at the old unit from the transfer day (and not before today) are cancelled.
// Shifts do not move: the summary lists the cancelled ones so they can be assigned again.
import type { InferType } from 'yup';
import { ConflictError, ValidationError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import { yup } from '../../../core/validation.js';
import { lockForUpdate } from '../../../db/knex.js';
import { addDays, localDate, maxDate } from '../../calendar.js';
import type { WorkforceRun } from '../../context.js';
import { lockEmployee, organizationTimezone } from '../../employees/queries.js';
import { cancelPlannedShifts } from '../../shifts/cancel.js';
import { activeUnitForDeployment, endDeployments, openDeployment } from '../open.js';
import { employeeRef, unitPathRef } from '../../refs.js';
import { transferFlags } from '../schemas.js';
import { serializeDeployment, type DeploymentView } from '../serialize.js';
import { assertActive } from './create-deployment.js';

// Names as a person types them (the command's only face: no route transfers): resolved here.
export const transferInput = transferFlags.shape({
  employee: yup.string().trim().required().max(64).meta({ description: 'employee code (E042) or id' }),
  to: yup.string().trim().required().max(130).meta({
    description: 'the unit to move to, ORG/UNIT (ACME/MUM) or id: an active unit of the organization',
  }),
});
export type TransferInput = InferType<typeof transferInput>;

export interface TransferResult {
  dry_run: boolean;
  employee: { id: number; employee_id: string };
  closed_deployment: DeploymentView;
  /** id is null in a dry run. */
  opened_deployment: Omit<DeploymentView, 'id'> & { id: number | null };
  demoted_primary_deployment_ids: number[];
  shifts_cancelled: number[];
}

export const transferEmployee = defineWrite('employee.transfer', 'employee.update', {
  summary: 'Move an employee’s primary deployment to another unit from a date',
  input: transferInput,
  async run(ctx: WorkforceRun, input): Promise<TransferResult> {
    const trx = ctx.db;
    const employee = await lockEmployee(trx, (await employeeRef(trx, input.employee)).id);
    await ctx.authorize(employee.organization_id, 'Employee');
    assertActive(employee);
    const to = await unitPathRef(trx, input.to, 'to');
    const target = await activeUnitForDeployment(trx, employee.organization_id, to.id, 'to');
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
    const now = ctx.services.clock.now();
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

    const audit = (action: string, subjectId: number, details: Record<string, unknown>) =>
      ctx.audit({
        action,
        subjectType: 'employee_deployment',
        subjectId,
        scopeId: employee.organization_id,
        details: { employee_id: employee.id, via: 'transfer', ...details },
      });
    audit('employee_deployment.closed', Number(current.id), {
      ends_on_before: current.ends_on ?? null,
      ends_on: addDays(input.on, -1),
      shifts_cancelled: shiftsCancelled,
    });
    audit('employee_deployment.created', opened.id, {
      organization_unit_id: Number(target.id),
      starts_on: input.on,
      ends_on: current.ends_on ?? null,
      is_primary: true,
      transferred_from_deployment_id: Number(current.id),
      demoted_primary_deployment_ids: opened.demotedPrimaryIds,
      primary_changes: opened.primaryChanges,
      // What a forced delete of the new deployment gives back (deployments/undo.ts).
      ended_primary: {
        deployment_id: Number(current.id),
        ends_on_before: current.ends_on ?? null,
        ends_on: addDays(input.on, -1),
      },
    });

    const row = (id: number) => trx('employee_deployments').where('id', id).first();
    const openedView = serializeDeployment(await row(opened.id));
    return {
      dry_run: ctx.dryRun,
      employee: { id: employee.id, employee_id: employee.employee_id },
      closed_deployment: serializeDeployment(await row(Number(current.id))),
      opened_deployment: { ...openedView, id: ctx.dryRun ? null : openedView.id },
      demoted_primary_deployment_ids: opened.demotedPrimaryIds,
      shifts_cancelled: shiftsCancelled,
    };
  },
});
