// Who may read an employee record (the contract names write permissions only; reads are ours):
// - outside the caller's organizations: 404, as everywhere;
// - staff of the organization (shift_manager, hr, org_admin, system_admin) read every employee;
//   an employee reads only their own record (another's: 403);
// - a soft-deleted (offboarded) employee stays readable by admins, those holding employee.update;
//   for everyone else it is gone (404).
import type { Knex } from 'knex';
import { ForbiddenError, NotFoundError } from '../../core/errors.js';
import { authorizeRead, hasPermission, isSystemAdmin, type UserPrincipal } from '../identity/principal.js';

export function isStaffIn(p: UserPrincipal, organizationId: number): boolean {
  return (
    isSystemAdmin(p) || p.grants.some((g) => g.organizationId === organizationId && g.role !== 'employee')
  );
}

export function assertCanReadEmployee(p: UserPrincipal, row: any): void {
  const organizationId = Number(row.organization_id);
  authorizeRead(p, organizationId, 'Employee');
  if (row.deleted_at && !hasPermission(p, 'employee.update', organizationId)) {
    throw new NotFoundError('Employee not found.');
  }
  const own = row.user_id !== null && Number(row.user_id) === p.userId;
  if (!own && !isStaffIn(p, organizationId)) {
    throw new ForbiddenError('You may only read your own employee record.');
  }
}

export async function readableEmployee(db: Knex, p: UserPrincipal, id: number): Promise<any> {
  const row = await db('employees').where('id', id).first();
  if (!row) throw new NotFoundError('Employee not found.');
  assertCanReadEmployee(p, row);
  return row;
}
