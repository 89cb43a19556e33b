// Offboarding an employee: the contract's seven steps, in order, in one transaction.
//  1. last_working_day, exit_reason, is_active false
//  2. every deployment still running after the last working day ends on it
//  3. every future planned shift assignment is cancelled
//  4. devices are revoked and the user's tokens deleted
//  5. pending / shift_manager_approved leaves and regularizations ending after the last day are
//     rejected, with a decision_trail entry of origin system
//  6. the user's roles are removed and the user deactivated
//  7. the employee row is soft-deleted
import type { Knex } from 'knex';
import { ConflictError, ForbiddenError } from '../../../core/errors.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import { addDays, localDate, maxDate } from '../../calendar.js';
import { defineWrite } from '../../../core/operation.js';
import type { Shape } from '../../../core/shape.js';
import { employeeNaming, namedEmployeeId } from '../../refs.js';
import { actingUser, bool, chunks, type WorkforceRun } from '../../context.js';
import { offboardBody } from '../schemas.js';
import { deploymentsRunningAfter, endDeployments } from '../../deployments/open.js';
import { hasPermission, isSystemAdmin, type UserPrincipal } from '../../identity/principal.js';
import { rejectOpenRequestsAfter } from '../../requests/auto-reject.js';
import { cancelPlannedShifts } from '../../shifts/cancel.js';
import { lockEmployee, organizationTimezone } from '../queries.js';
import { serializeEmployee, type OffboardResult as OffboardResultShape } from '../serialize.js';

export const offboardInput = offboardBody.shape(employeeNaming);

export type OffboardResult = Shape<typeof OffboardResultShape>;

export const offboardEmployee = defineWrite('employee.offboard', 'employee.update', {
  summary: 'Offboard an employee: the seven-step cascade in one transaction',
  input: offboardInput,
  async run(ctx: WorkforceRun, input): Promise<OffboardResult> {
    const { services, db: trx } = ctx;
    const actor = actingUser(ctx);
    const employee = await lockEmployee(trx, await namedEmployeeId(trx, input));
    await ctx.authorize(employee.organization_id, 'Employee');
    if (!bool(employee.is_active) || employee.deleted_at) {
      throw new ConflictError(
        `Employee ${employee.employee_id} is already offboarded.`,
        'ALREADY_OFFBOARDED',
      );
    }
    await assertMayRemoveEveryRole(trx, actor, employee.user_id);
    const now = services.clock.now();
    const at = toDbTime(now);
    const lastDay = input.last_working_day;
    const today = localDate(now, await organizationTimezone(trx, employee.organization_id));

    // 1
    await trx('employees')
      .where('id', employee.id)
      .update({ last_working_day: lastDay, exit_reason: input.reason, is_active: false, updated_at: at });

    // 2
    const running = await deploymentsRunningAfter(trx, employee.id, lastDay);
    const deploymentsEnded = running.map((d: { id: number }) => Number(d.id));
    await endDeployments(trx, now, deploymentsEnded, lastDay);

    // 3: "future" is after the last working day and not before today: a retroactive offboarding
    // leaves past shifts as the history they are.
    const shiftsCancelled = await cancelPlannedShifts(trx, now, {
      employeeId: employee.id,
      from: maxDate(addDays(lastDay, 1), today),
    });

    // 4
    const devices = await lockForUpdate(
      trx('devices')
        .where('employee_id', employee.id)
        .whereNot('status', 'revoked')
        .select('id')
        .orderBy('id'),
      trx,
    );
    const devicesRevoked = devices.map((d: { id: number }) => Number(d.id));
    for (const part of chunks(devicesRevoked)) {
      await trx('devices').whereIn('id', part).update({ status: 'revoked', revoked_at: at, updated_at: at });
    }
    const userId = employee.user_id === null ? null : Number(employee.user_id);
    let tokensDeleted: number[] = [];
    if (userId !== null) {
      const tokens = await trx('personal_access_tokens').where('user_id', userId).select('id').orderBy('id');
      tokensDeleted = tokens.map((r: { id: number }) => Number(r.id));
      await trx('personal_access_tokens').where('user_id', userId).delete();
    }

    // 5
    const rejected = await rejectOpenRequestsAfter(trx, now, {
      employeeId: employee.id,
      after: lastDay,
      by: actor.userId,
      note: `Employee offboarded; last working day ${lastDay}.`,
    });

    // 6
    let rolesRemoved: OffboardResult['roles_removed'] = [];
    if (userId !== null) {
      const roles = await trx('user_roles')
        .where('user_id', userId)
        .select('role', 'organization_id')
        .orderBy('id');
      rolesRemoved = roles.map((r: { role: string; organization_id: number | null }) => ({
        role: r.role,
        organization_id: r.organization_id === null ? null : Number(r.organization_id),
      }));
      await trx('user_roles').where('user_id', userId).delete();
      await trx('users').where('id', userId).update({ is_active: false, updated_at: at });
    }

    // 7
    await trx('employees').where('id', employee.id).update({ deleted_at: at });

    const result: OffboardResult = {
      dry_run: ctx.dryRun,
      employee: serializeEmployee(await trx('employees').where('id', employee.id).first()),
      deployments_ended: deploymentsEnded,
      shifts_cancelled: shiftsCancelled,
      devices_revoked: devicesRevoked,
      tokens_deleted: tokensDeleted,
      leaves_rejected: rejected.leaves,
      regularizations_rejected: rejected.regularizations,
      roles_removed: rolesRemoved,
      user_deactivated: userId,
    };
    ctx.audit({
      action: 'employee.offboarded',
      subjectType: 'employee',
      subjectId: employee.id,
      scopeId: employee.organization_id,
      details: { reason: input.reason, ...summaryContext(result) },
    });
    return result;
  },
});

/**
 * Step 6 removes every role of the account and deactivates it, as the contract says. An account
 * may also hold roles in other organizations (an ACME employee who is GLOBEX's org_admin) or the
 * global system_admin: removing those is not ACME hr's to decide. So the offboarding needs
 * employee.update wherever the account holds a role (system_admin for a global one); otherwise it is
 * a 403 that names no other organization, and nothing changes.
 */
async function assertMayRemoveEveryRole(
  trx: Knex,
  actor: UserPrincipal,
  userId: number | null,
): Promise<void> {
  if (userId === null || isSystemAdmin(actor)) return;
  const roles: Array<{ organization_id: number | null }> = await trx('user_roles')
    .where('user_id', userId)
    .select('organization_id');
  const outside = roles.some((r) =>
    r.organization_id === null ? true : !hasPermission(actor, 'employee.update', Number(r.organization_id)),
  );
  if (outside) {
    throw new ForbiddenError(
      'This employee’s account also holds roles outside the organizations where you may update ' +
        'employees; offboarding would remove them. A system_admin, or someone with employee.update ' +
        'wherever the account holds a role, must offboard this employee.',
      'ROLES_OUTSIDE_SCOPE',
    );
  }
}

function summaryContext(r: OffboardResult) {
  const { dry_run: _dry, employee, ...cascade } = r;
  return { employee_id: employee.employee_id, last_working_day: employee.last_working_day, ...cascade };
}
