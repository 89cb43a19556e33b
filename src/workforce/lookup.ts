// Natural keys of the workforce records: an organization by its code (ACME), a unit by code within
// its organization, or either by numeric id. A code wins over an id, since a code is what a person
// types. Callers choose the error an unknown one becomes (src/cli/lookup.ts for the CLI's).
import type { Knex } from 'knex';

const isId = (ref: string) => /^[1-9][0-9]{0,15}$/.test(ref);

/**
 * The one lookup of an organization by code or numeric id (the code wins). Callers choose the
 * error an unknown reference becomes: a 404, a 422 naming a field, a usage error naming a flag.
 */
export async function lookupOrganization(
  db: Knex,
  ref: string,
): Promise<{ id: number; code: string; timezone: string } | undefined> {
  const cols = ['id', 'code', 'timezone'];
  const row =
    (await db('organizations').where('code', ref).first(cols)) ??
    (isId(ref) ? await db('organizations').where('id', Number(ref)).first(cols) : undefined);
  return row ? { id: Number(row.id), code: String(row.code), timezone: String(row.timezone) } : undefined;
}

/** A unit of `organizationId` by code (`BLR`, or `ACME/BLR`) or numeric id (the code wins). */
export async function lookupUnit(
  db: Knex,
  organizationId: number,
  ref: string,
): Promise<{ id: number; code: string } | undefined> {
  const code = ref.includes('/') ? ref.slice(ref.indexOf('/') + 1) : ref;
  const units = () => db('organization_units').where('organization_id', organizationId);
  const row =
    (await units().where('code', code).first('id', 'code')) ??
    (isId(code) ? await units().where('id', Number(code)).first('id', 'code') : undefined);
  return row ? { id: Number(row.id), code: String(row.code) } : undefined;
}
