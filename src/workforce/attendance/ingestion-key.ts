// The ingestion rate limit's key: per employee, whoever records the punch.
import type { Knex } from 'knex';

/**
 * Whose ingestion budget a punch spends: the employee it is for (the caller's own record, or the
 * employee_id a correction names), so an hr correction counts against that employee and not hr.
 * A caller with no such employee is counted on their account (the punch is refused anyway).
 */
export async function ingestionKey(db: Knex, userId: number, employeeCode: unknown): Promise<string> {
  const q = db('employees').whereNull('deleted_at');
  if (typeof employeeCode === 'string') q.where({ employee_id: employeeCode });
  else q.where({ user_id: userId });
  const employee = await q.first('id');
  return employee ? `employee:${employee.id}` : `user:${userId}`;
}
