// The workforce's names, resolved to ids in one place: an organization by code (ACME) or id, a unit by
// code within its organization (BLR, ACME/BLR) or id, a unit anywhere as ORG/UNIT, an employee by
// code (E042) or id, a partner by name, a financial year as ORG/NAME or id. A code wins over an id,
// since a code is what a person types (some codes are numbers). An unknown name is always the same
// error (core/near-match.ts, unknownReference): a 404 naming the field it came from (an input field,
// or the CLI's flag), with the nearest existing name when one is near. Operations call these with
// their transaction; the CLI's lookups (src/cli/lookup.ts) call them with the flag as the field.
import type { Knex } from 'knex';
import { unknownReference } from '../core/near-match.js';
import { ValidationError } from '../core/errors.js';
import { byName, idNumber, yup } from '../core/validation.js';
import { toTarget, type PartnerTarget } from './partners/deliveries/partner-target.js';

const isId = (ref: string) => /^[1-9][0-9]{0,15}$/.test(ref);

/** A code (`code` column) first, then a numeric id. */
async function byCodeOrId<T>(query: () => Knex.QueryBuilder, column: string, ref: string, cols: string[]) {
  return ((await query().where(column, ref).first(cols)) ??
    (isId(ref) ? await query().where('id', Number(ref)).first(cols) : undefined)) as T | undefined;
}

/**
 * An input field that names an organization as a person types it (ACME, or an id): the CLI's
 * `--org`, resolved inside the operation by organizationRef. HTTP routes name organizations by id.
 */
export const organizationName = (description = 'organization code (ACME) or id') =>
  byName(yup.string().trim().max(64).meta({ description }));

/**
 * Input fields naming an organization: organization_id (HTTP's path fills it), or organization as a
 * person types it (the CLI's ORGANIZATION or --org; no route passes it). namedOrganizationId reads them.
 */
export const organizationNaming = {
  organization_id: idNumber(),
  organization: organizationName(),
};

export const namedOrganizationId = (db: Knex, input: { organization_id?: number; organization?: string }) =>
  idOrName(input.organization_id, input.organization, 'organization_id', (ref) => organizationRef(db, ref));

export interface OrganizationRef {
  id: number;
  code: string;
  timezone: string;
}

export async function organizationRef(
  db: Knex,
  ref: string,
  field = 'organization',
): Promise<OrganizationRef> {
  const row = await byCodeOrId<any>(() => db('organizations'), 'code', ref, ['id', 'code', 'timezone']);
  if (row) return { id: Number(row.id), code: String(row.code), timezone: String(row.timezone) };
  throw unknownReference(field, 'organization', ref, await db('organizations').pluck('code'));
}

/** A unit of `organizationId` by code (`BLR`, or `ACME/BLR`) or numeric id. */
export async function unitRef(
  db: Knex,
  organizationId: number,
  ref: string,
  field = 'unit',
): Promise<{ id: number; code: string }> {
  const code = ref.includes('/') ? ref.slice(ref.indexOf('/') + 1) : ref;
  const units = () => db('organization_units').where('organization_id', organizationId);
  const row = await byCodeOrId<any>(units, 'code', code, ['id', 'code']);
  if (row) return { id: Number(row.id), code: String(row.code) };
  throw unknownReference(field, 'unit', ref, await units().pluck('code'), 'in this organization');
}

/**
 * Input fields naming a unit anywhere: unit_id (HTTP's path fills it), or unit as a person types it,
 * ORG/UNIT or id (the CLI's UNIT; no route passes it). namedUnitId reads them.
 */
export const unitNaming = {
  unit_id: idNumber(),
  unit: byName(yup.string().trim().max(130).meta({ description: 'unit as ORG/UNIT (ACME/BLR) or id' })),
};

export const namedUnitId = (db: Knex, input: { unit_id?: number; unit?: string }) =>
  idOrName(input.unit_id, input.unit, 'unit_id', (ref) => unitPathRef(db, ref));

/** A unit anywhere: `ACME/BLR` or a numeric id (`BLR` alone is suggested as its ORG/UNIT when unique). */
export async function unitPathRef(
  db: Knex,
  ref: string,
  field = 'unit',
): Promise<{ id: number; code: string }> {
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
  const byCode = full.filter((n) => n.slice(n.indexOf('/') + 1).toLowerCase() === ref.toLowerCase());
  const near = byCode.length === 1 ? byCode[0] : full;
  throw unknownReference(field, 'unit', ref, near, '(name a unit as ORG/UNIT, e.g. ACME/BLR)');
}

export interface EmployeeRef {
  id: number;
  code: string;
  organizationId: number;
}

/**
 * Input fields naming an employee: employee_id (HTTP's path fills it), or employee as a person
 * types it (the CLI's EMPLOYEE; no route passes it). namedEmployeeId reads them.
 */
export const employeeNaming = {
  employee_id: idNumber(),
  employee: byName(yup.string().trim().max(64).meta({ description: 'employee code (E042) or id' })),
};

export const namedEmployeeId = (db: Knex, input: { employee_id?: number; employee?: string }) =>
  idOrName(input.employee_id, input.employee, 'employee_id', (ref) => employeeRef(db, ref));

/** The id an input gives (`idField`), else the one its typed name resolves to. */
export async function idOrName(
  id: number | undefined,
  name: string | undefined,
  idField: string,
  resolve: (name: string) => Promise<{ id: number }>,
): Promise<number> {
  if (id !== undefined) return id;
  if (name === undefined) throw ValidationError.field(idField, `The ${idField} field is required.`);
  return (await resolve(name)).id;
}

/** An employee by code (E042), else by numeric id. */
export async function employeeRef(db: Knex, ref: string, field = 'employee'): Promise<EmployeeRef> {
  const cols = ['id', 'employee_id', 'organization_id'];
  const row = await byCodeOrId<any>(() => db('employees'), 'employee_id', ref, cols);
  if (row)
    return { id: Number(row.id), code: String(row.employee_id), organizationId: Number(row.organization_id) };
  // Only codes of about the same length can be near: the table may hold hundreds of thousands.
  const codes = await db('employees')
    .whereRaw('length(employee_id) between ? and ?', [ref.length - 3, ref.length + 3])
    .limit(100_000)
    .pluck('employee_id');
  throw unknownReference(field, 'employee', ref, codes);
}

export async function partnerRef(db: Knex, name: string, field = 'partner'): Promise<PartnerTarget> {
  const row = await db('partners').where({ name }).first();
  if (row) return toTarget(row);
  throw unknownReference(field, 'partner', name, await db('partners').pluck('name'));
}

/**
 * Input fields naming a financial year: by id (HTTP's path), or as ORG/NAME (the CLI's YEAR), or as
 * NAME with the organization apart (`--org ACME FY2024`, as the other commands name it).
 */
export const financialYearNaming = {
  financial_year_id: idNumber(),
  financial_year: byName(
    yup.string().trim().max(256).meta({ description: 'ORG/NAME (e.g. ACME/FY2024) or id' }),
  ),
  organization: organizationName('the organization, when YEAR is a name alone (FY2024)'),
};

export const namedFinancialYearId = (
  db: Knex,
  input: { financial_year_id?: number; financial_year?: string; organization?: string },
) =>
  idOrName(input.financial_year_id, input.financial_year, 'financial_year_id', (ref) =>
    financialYearRef(db, withOrganization(ref, input.organization)),
  );

/** NAME and a separate organization as ORG/NAME; an ORG/NAME whose ORG disagrees with it is refused. */
function withOrganization(ref: string, organization: string | undefined): string {
  if (organization === undefined || /^\d+$/.test(ref)) return ref;
  const slash = ref.lastIndexOf('/');
  if (slash < 0) return `${organization}/${ref}`;
  if (ref.slice(0, slash).toUpperCase() !== organization.toUpperCase()) {
    throw ValidationError.field(
      'organization',
      `${ref} names organization ${ref.slice(0, slash)}, not ${organization}: give one of them.`,
    );
  }
  return ref;
}

/** A financial year as ORG/NAME (ACME/FY2025) or by numeric id. */
export async function financialYearRef(
  db: Knex,
  ref: string,
  field = 'financial_year',
): Promise<{ id: number }> {
  let row: { id: number } | undefined;
  const slash = ref.lastIndexOf('/');
  if (/^\d+$/.test(ref)) row = await db('financial_years').where('id', Number(ref)).first('id');
  else if (slash > 0)
    row = await db('financial_years as f')
      .join('organizations as o', 'o.id', 'f.organization_id')
      .where({ 'o.code': ref.slice(0, slash), 'f.name': ref.slice(slash + 1) })
      .first('f.id');
  if (row) return { id: Number(row.id) };
  const names = await db('financial_years as f')
    .join('organizations as o', 'o.id', 'f.organization_id')
    .select('o.code as org', 'f.name as name');
  const where = slash > 0 ? '' : '(name it as ORG/NAME, e.g. ACME/FY2025, or by id)';
  throw unknownReference(
    field,
    'financial year',
    ref,
    names.map((n) => `${n.org}/${n.name}`),
    where,
  );
}
