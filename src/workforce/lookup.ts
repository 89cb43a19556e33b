// How the CLI names records: an employee by its code (E042), a unit as ORG/UNIT (ACME/BLR), an
// organization by its code (ACME), or any of them by numeric id. A code wins over an id, since a
// code is what a person types (and some organizations use numeric employee codes).
import type { Knex } from 'knex';
import { NotFoundError } from '../core/errors.js';

const isId = (ref: string) => /^[1-9][0-9]{0,15}$/.test(ref);

export async function findEmployeeId(db: Knex, ref: string): Promise<number> {
  const byCode = await db('employees').where('employee_id', ref).first('id');
  const row = byCode ?? (isId(ref) ? await db('employees').where('id', Number(ref)).first('id') : undefined);
  if (!row) throw new NotFoundError(`No employee ${ref}.`);
  return Number(row.id);
}

export async function findUnitId(db: Knex, ref: string): Promise<number> {
  const slash = ref.indexOf('/');
  let row: { id: number } | undefined;
  if (slash > 0) {
    row = await db('organization_units')
      .join('organizations', 'organizations.id', 'organization_units.organization_id')
      .where({ 'organizations.code': ref.slice(0, slash), 'organization_units.code': ref.slice(slash + 1) })
      .first('organization_units.id as id');
  } else if (isId(ref)) {
    row = await db('organization_units').where('id', Number(ref)).first('id');
  }
  if (!row) throw new NotFoundError(`No unit ${ref} (name a unit as ORG/UNIT, e.g. ACME/BLR, or by id).`);
  return Number(row.id);
}

export async function findOrganizationId(db: Knex, ref: string): Promise<number> {
  const row = await lookupOrganization(db, ref);
  if (!row) throw new NotFoundError(`No organization ${ref}.`);
  return row.id;
}

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
