// Users by email, for the identity operations (an unknown one is a 422 naming the input field);
// organizations and employees are resolved by src/workforce/refs.ts.
import type { Knex } from 'knex';
import { ValidationError } from '../../core/errors.js';

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
