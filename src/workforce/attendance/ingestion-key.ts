// The ingestion rate limit's key: per employee, whoever records the punch.
import type { Knex } from 'knex';
import type { UserPrincipal } from '../identity/principal.js';

/**
 * Whose ingestion budget a punch spends: the employee it is for (the caller's own record, or the
 * employee_id a correction names), so an hr correction counts against that employee and not hr.
 * A caller with no such employee is counted on their account (the punch is refused anyway). The
 * caller's own record comes with the token (access.ts), so a punch of one's own reads nothing here.
 */
export async function ingestionKey(
  db: Knex,
  principal: Pick<UserPrincipal, 'userId' | 'employeeId'>,
  employeeCode: unknown,
): Promise<string> {
  const own = typeof employeeCode !== 'string';
  if (own && principal.employeeId !== undefined) {
    return principal.employeeId === null ? `user:${principal.userId}` : `employee:${principal.employeeId}`;
  }
  const q = db('employees').whereNull('deleted_at');
  if (!own) q.where({ employee_id: employeeCode });
  else q.where({ user_id: principal.userId }).orderBy('id');
  const employee = await q.first('id');
  return employee ? `employee:${employee.id}` : `user:${principal.userId}`;
}
