// Finding employees inside an operation's transaction.
import type { Knex } from 'knex';
import { NotFoundError } from '../../core/errors.js';
import { lockForUpdate } from '../../db/knex.js';

export interface EmployeeRow {
  id: number;
  employee_id: string;
  organization_id: number;
  user_id: number | null;
  name: string;
  is_active: number | boolean;
  last_working_day: string | null;
  deleted_at: string | null;
  [column: string]: unknown;
}

/**
 * The employee row, locked for the rest of the transaction. Taken first in every operation that
 * changes an employee's deployments, so those operations serialise per employee.
 */
export async function lockEmployee(trx: Knex, id: number): Promise<EmployeeRow> {
  const row = await lockForUpdate(trx('employees').where('id', id).first(), trx);
  if (!row) throw new NotFoundError('Employee not found.');
  return { ...row, id: Number(row.id), organization_id: Number(row.organization_id) };
}

export async function organizationTimezone(trx: Knex, organizationId: number): Promise<string> {
  const org = await trx('organizations').where('id', organizationId).first('timezone');
  return org?.timezone ?? 'UTC';
}
