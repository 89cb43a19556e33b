// A partner by name (or numeric id); unknown is a 422 naming the field.
import type { Knex } from 'knex';
import { ValidationError } from '../../../core/errors.js';

export async function findPartner(
  db: Knex,
  ref: string,
  field = 'partner',
): Promise<{ id: number; name: string; is_active: boolean }> {
  const row =
    (await db('partners').where({ name: ref }).first('id', 'name', 'is_active')) ??
    (/^[1-9][0-9]{0,15}$/.test(ref)
      ? await db('partners')
          .where({ id: Number(ref) })
          .first('id', 'name', 'is_active')
      : undefined);
  if (!row) throw ValidationError.field(field, `Unknown partner ${ref}.`);
  return { id: Number(row.id), name: row.name, is_active: Boolean(row.is_active) };
}
