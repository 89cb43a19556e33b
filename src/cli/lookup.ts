// How the CLI resolves what an operator types: an organization by code (ACME), a unit as ORG/UNIT
// (ACME/BLR, or BLR within a known organization), an employee by code (E042), a tenant by slug, or
// any of them by numeric id, through the contexts' refs (src/workforce/refs.ts, src/clinic/refs.ts)
// with the flag or argument as the field: their one error, a 404 (exit 2) that names it and offers
// the nearest existing name (`--org: no organization acme. Did you mean ACME?`).
import type { Knex } from 'knex';
import { tenantRef as clinicTenantRef } from '../clinic/refs.js';
import * as refs from '../workforce/refs.js';

export const organizationRef = (db: Knex, ref: string, flag = '--org') => refs.organizationRef(db, ref, flag);

/** `BLR` within `organizationId`, `ACME/BLR`, or a numeric unit id. */
export const unitInOrganization = (db: Knex, organizationId: number, ref: string, flag = '--unit') =>
  refs.unitRef(db, organizationId, ref, flag);

/** A unit anywhere: `ACME/BLR` or a numeric id. */
export const unitRef = (db: Knex, ref: string, flag: string) => refs.unitPathRef(db, ref, flag);

/** An employee by code (E042), else by numeric id (a code wins: some codes are numbers). */
export const employeeRef = (db: Knex, ref: string, flag: string) => refs.employeeRef(db, ref, flag);

/** A tenant by slug or numeric id. */
export const tenantRef = (db: Knex, ref: string, flag = '--tenant') => clinicTenantRef(db, ref, flag);

/**
 * The same resolutions as prompt and flag checks (FlagSpec.lookup in src/cli/command.tsx): a name
 * typed at a prompt, or given before other questions, is looked up before anything else is asked.
 */
export const checkOrganization = (db: Knex, ref: string) => organizationRef(db, ref);

/** `--org CODE` filling a required `organization` field (the operation resolves it). */
export const orgFlag = {
  flags: '--org <code>',
  description: 'organization code or id',
  prompt: 'Organization code?',
  lookup: checkOrganization,
};
/** ORGANIZATION filling an operation's `organization` field (the operation resolves it: refs.ts). */
export const organizationArg = {
  name: 'organization',
  description: 'organization code (ACME) or id',
  prompt: 'Organization?',
  lookup: (db: Knex, ref: string) => organizationRef(db, ref, 'ORGANIZATION'),
  field: 'organization',
};

/** UNIT (ORG/UNIT) filling an operation's `unit` field (the operation resolves it: refs.ts). */
export const unitArg = {
  name: 'unit',
  description: 'unit as ORG/UNIT (ACME/BLR) or id',
  prompt: 'Unit (ORG/UNIT)?',
  lookup: (db: Knex, ref: string) => unitRef(db, ref, 'UNIT'),
  field: 'unit',
};

export const checkTenant = (db: Knex, ref: string) => tenantRef(db, ref);
export const checkEmployee = (db: Knex, ref: string) => employeeRef(db, ref, 'EMPLOYEE');

/** EMPLOYEE filling an operation's `employee` field (the operation resolves it: refs.ts). */
export const employeeArg = {
  name: 'employee',
  description: 'employee code (E042) or id',
  prompt: 'Employee (code or id)?',
  lookup: checkEmployee,
  field: 'employee',
}; /** `--unit` of the organization `--org` names. */
export const checkUnitOfOrg = async (db: Knex, ref: string, flags: Record<string, unknown>) =>
  unitInOrganization(db, (await organizationRef(db, String(flags.org))).id, ref);
