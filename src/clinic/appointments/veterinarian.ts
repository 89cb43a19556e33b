// The veterinarian an appointment operation's input names: `veterinarian` (the CLI's name, a member
// of the tenant by email or id; "" is none) when given, else veterinarian_user_id as the routes pass it.
import type { Knex } from 'knex';
import { memberRef } from '../refs.js';

export async function namedVeterinarian(
  db: Knex,
  tenantId: number,
  input: { veterinarian?: string; veterinarian_user_id?: number | null },
): Promise<number | null | undefined> {
  if (input.veterinarian === undefined) return input.veterinarian_user_id;
  if (input.veterinarian === '') return null;
  return (await memberRef(db, tenantId, input.veterinarian, 'veterinarian')).id;
}
