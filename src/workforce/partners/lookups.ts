// Natural-key lookups for the partner commands: a partner by name, an organization by code or id,
// a unit by code (within its organization, `ACME/BLR` or `BLR`) or id. Unknown → 422 naming the field.
import type { Knex } from 'knex';
import { ValidationError } from '../../core/errors.js';
import { lookupOrganization, lookupUnit } from '../lookup.js';
import { toTarget, type PartnerTarget } from './deliveries/partner-target.js';

export async function partnerByName(db: Knex, name: string, field = 'partner'): Promise<PartnerTarget> {
  const row = await db('partners').where({ name }).first();
  if (!row) throw ValidationError.field(field, `Unknown partner ${name}.`);
  return toTarget(row);
}

export async function organizationByRef(
  db: Knex,
  ref: string,
  field = 'org',
): Promise<{ id: number; code: string }> {
  const row = await lookupOrganization(db, ref);
  if (!row) throw ValidationError.field(field, `Unknown organization ${ref}.`);
  return { id: row.id, code: row.code };
}

export async function unitByRef(
  db: Knex,
  organizationId: number,
  ref: string,
  field = 'unit',
): Promise<{ id: number; code: string }> {
  const row = await lookupUnit(db, organizationId, ref);
  if (!row) throw ValidationError.field(field, `Unknown unit ${ref} in this organization.`);
  return row;
}
