// Natural-key lookups for the identity operations: organizations and employees by code or numeric
// id, users by email. An unknown reference is a 422 naming the input field.
import type { Knex } from 'knex';
import { ValidationError } from '../../core/errors.js';
import { lookupOrganization } from '../lookup.js';

const NUMERIC = /^[1-9][0-9]{0,15}$/;

export async function resolveOrganization(
  db: Knex,
  ref: string,
  field: string,
): Promise<{ id: number; code: string }> {
  const row = await lookupOrganization(db, ref);
  if (!row) throw ValidationError.field(field, `Unknown organization ${ref}.`);
  return { id: row.id, code: row.code };
}

export async function resolveEmployee(
  db: Knex,
  ref: string,
  field: string,
): Promise<{ id: number; code: string; organizationId: number }> {
  const cols = ['id', 'employee_id', 'organization_id'];
  const row =
    (await db('employees').where({ employee_id: ref }).first(cols)) ??
    (NUMERIC.test(ref)
      ? await db('employees')
          .where({ id: Number(ref) })
          .first(cols)
      : undefined);
  if (!row) throw ValidationError.field(field, `Unknown employee ${ref}.`);
  return { id: Number(row.id), code: row.employee_id, organizationId: Number(row.organization_id) };
}

export interface UserRow {
  id: number;
  email: string;
  name: string;
  is_active: boolean;
  is_system: boolean;
}

/** A person's account (never the built-in system user, which no command may change). */
export async function resolveUser(db: Knex, email: string, field: string): Promise<UserRow> {
  const row = await db('users')
    .where({ email: email.trim().toLowerCase() })
    .first('id', 'email', 'name', 'is_active', 'is_system');
  if (!row) throw ValidationError.field(field, `Unknown user ${email}.`);
  if (row.is_system) throw ValidationError.field(field, 'The built-in system user cannot be changed.');
  return {
    id: Number(row.id),
    email: row.email,
    name: row.name,
    is_active: Boolean(row.is_active),
    is_system: Boolean(row.is_system),
  };
}
