// How the CLI resolves what an operator types: an organization by code (ACME), a unit as ORG/UNIT
// (ACME/BLR, or BLR within a known organization), an employee by code (E042), a tenant by slug, or
// any of them by numeric id. The one error behaviour for all of them: a usage error (exit 2) that
// names the flag or argument the name came from and offers the nearest existing name
// (`--org: no organization acme. Did you mean ACME?`).
import type { Knex } from 'knex';
import { UsageError } from '../core/errors.js';
import { nearestName } from '../core/near-match.js';
import { findTenantByRef } from '../clinic/tenants/resolve.js';
import { lookupOrganization, lookupUnit } from '../workforce/lookup.js';

const isId = (ref: string) => /^[1-9][0-9]{0,15}$/.test(ref);

export async function organizationRef(
  db: Knex,
  ref: string,
  flag = '--org',
): Promise<{ id: number; code: string; timezone: string }> {
  const org = await lookupOrganization(db, ref);
  if (org) return org;
  throw unknown(flag, 'organization', ref, nearestName(ref, await db('organizations').pluck('code')));
}

/** `BLR` within `organizationId`, `ACME/BLR`, or a numeric unit id. */
export async function unitInOrganization(
  db: Knex,
  organizationId: number,
  ref: string,
  flag = '--unit',
): Promise<{ id: number; code: string }> {
  const unit = await lookupUnit(db, organizationId, ref);
  if (unit) return unit;
  const codes = await db('organization_units').where('organization_id', organizationId).pluck('code');
  throw unknown(flag, 'unit', ref, nearestName(ref.replace(/^.*\//, ''), codes), 'in this organization');
}

/** A unit anywhere: `ACME/BLR` or a numeric id. */
export async function unitRef(db: Knex, ref: string, flag: string): Promise<{ id: number; code: string }> {
  const slash = ref.indexOf('/');
  let row: { id: number; code: string } | undefined;
  if (slash > 0) {
    row = await db('organization_units')
      .join('organizations', 'organizations.id', 'organization_units.organization_id')
      .where({ 'organizations.code': ref.slice(0, slash), 'organization_units.code': ref.slice(slash + 1) })
      .first('organization_units.id as id', 'organization_units.code as code');
  } else if (isId(ref)) {
    row = await db('organization_units').where('id', Number(ref)).first('id', 'code');
  }
  if (row) return { id: Number(row.id), code: String(row.code) };
  const names = await db('organization_units')
    .join('organizations', 'organizations.id', 'organization_units.organization_id')
    .select('organizations.code as org', 'organization_units.code as unit');
  const full = names.map((n) => `${n.org}/${n.unit}`);
  // `BLR` alone: the units of that code, if exactly one organization has one.
  const byCode = full.filter((n) => n.slice(n.indexOf('/') + 1).toLowerCase() === ref.toLowerCase());
  const suggestion = byCode.length === 1 ? byCode[0] : nearestName(ref, full);
  throw unknown(flag, 'unit', ref, suggestion, '(name a unit as ORG/UNIT, e.g. ACME/BLR)');
}

/** An employee by code (E042), else by numeric id (a code wins: some codes are numbers). */
export async function employeeRef(
  db: Knex,
  ref: string,
  flag: string,
): Promise<{ id: number; code: string }> {
  const cols = ['id', 'employee_id'];
  const row =
    (await db('employees').where('employee_id', ref).first(cols)) ??
    (isId(ref) ? await db('employees').where('id', Number(ref)).first(cols) : undefined);
  if (row) return { id: Number(row.id), code: String(row.employee_id) };
  // Only codes of about the same length can be near: the table may hold hundreds of thousands.
  const codes = await db('employees')
    .whereRaw('length(employee_id) between ? and ?', [ref.length - 3, ref.length + 3])
    .limit(100_000)
    .pluck('employee_id');
  throw unknown(flag, 'employee', ref, nearestName(ref, codes));
}

/** A tenant by slug or numeric id. */
export async function tenantRef(
  db: Knex,
  ref: string,
  flag = '--tenant',
): Promise<{ id: number; slug: string }> {
  const tenant = await findTenantByRef(db, ref);
  if (tenant) return { id: Number(tenant.id), slug: String(tenant.slug) };
  throw unknown(
    flag,
    'tenant',
    ref,
    nearestName(ref, await db('tenants').pluck('slug')),
    'with that id or slug',
  );
}

function unknown(flag: string, what: string, ref: string, near: string | null, where = ''): UsageError {
  const hint = near ? ` Did you mean ${near}?` : '';
  const message = `${flag}: no ${what} ${ref}${where ? ` ${where}` : ''}.${hint}`;
  return new UsageError(message, { [flag]: [message] });
}

/**
 * The same resolutions as prompt and flag checks (FlagSpec.lookup in src/cli/command.tsx): a name
 * typed at a prompt, or given before other questions, is looked up before anything else is asked.
 */
export const checkOrganization = (db: Knex, ref: string) => organizationRef(db, ref);
export const checkTenant = (db: Knex, ref: string) => tenantRef(db, ref);
export const checkEmployee = (db: Knex, ref: string) => employeeRef(db, ref, 'EMPLOYEE');
/** `--unit` of the organization `--org` names. */
export const checkUnitOfOrg = async (db: Knex, ref: string, flags: Record<string, unknown>) =>
  unitInOrganization(db, (await organizationRef(db, String(flags.org))).id, ref);
