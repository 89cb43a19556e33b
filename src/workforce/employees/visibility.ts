// Who may read an employee record (the contract names write permissions only; reads are ours):
// - outside the caller's organizations: 404, as everywhere (the operation's organization.view rule);
// - staff of the organization (shift_manager, hr, org_admin, system_admin) read every employee;
//   an employee reads only their own record (another's: 403);
// - a soft-deleted (offboarded) employee stays readable by admins, those holding employee.update;
//   for everyone else it is gone (404).
import { ForbiddenError, NotFoundError } from '../../core/errors.js';
import { actingUser, type WorkforceRun } from '../context.js';
import { hasPermission, isSystemAdmin, type UserPrincipal } from '../identity/principal.js';

export function isStaffIn(p: UserPrincipal, organizationId: number): boolean {
  return (
    isSystemAdmin(p) || p.grants.some((g) => g.organizationId === organizationId && g.role !== 'employee')
  );
}

/** The checks inside the caller's organizations (visibility itself is the operation's rule). */
export function assertMayReadEmployee(p: UserPrincipal, row: any): void {
  const organizationId = Number(row.organization_id);
  if (row.deleted_at && !hasPermission(p, 'employee.update', organizationId)) {
    throw new NotFoundError('Employee not found.');
  }
  const own = row.user_id !== null && Number(row.user_id) === p.userId;
  if (!own && !isStaffIn(p, organizationId)) {
    throw new ForbiddenError('You may only read your own employee record.');
  }
}

/** The employee row, for an operation whose rule is organization.view: 404 outside scope, then the above. */
export async function readableEmployee(ctx: WorkforceRun, id: number): Promise<any> {
  const row = await ctx.db('employees').where('id', id).first();
  if (!row) throw new NotFoundError('Employee not found.');
  await ctx.authorize(Number(row.organization_id), 'Employee');
  assertMayReadEmployee(actingUser(ctx), row);
  return row;
}
