// CLI lookups: an organization or unit named by code (ACME, ACME/BLR) or numeric id. Unknown names
// are usage errors naming the flag.
import type { Knex } from 'knex';
import { UsageError } from '../../core/errors.js';
import { lookupOrganization, lookupUnit } from '../lookup.js';

export async function resolveOrganization(
  db: Knex,
  ref: string,
  flag = '--org',
): Promise<{ id: number; code: string; timezone: string }> {
  const org = await lookupOrganization(db, ref);
  if (!org)
    throw new UsageError(`${flag}: no organization ${ref}.`, { [flag]: [`unknown organization ${ref}`] });
  return org;
}

/** `BLR` within `organizationId`, `ACME/BLR`, or a numeric unit id. */
export async function resolveUnit(
  db: Knex,
  organizationId: number,
  ref: string,
  flag = '--unit',
): Promise<{ id: number; code: string }> {
  const unit = await lookupUnit(db, organizationId, ref);
  if (!unit) {
    throw new UsageError(`${flag}: no unit ${ref} in this organization.`, {
      [flag]: [`unknown unit ${ref}`],
    });
  }
  return unit;
}
