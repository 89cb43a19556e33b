// CLI lookups: an organization or unit named by code (ACME, ACME/BLR) or numeric id. Unknown names
// are usage errors naming the flag.
import type { Knex } from 'knex';
import { UsageError } from '../../core/errors.js';

export async function resolveOrganization(
  db: Knex,
  ref: string,
  flag = '--org',
): Promise<{ id: number; code: string; timezone: string }> {
  const q = db('organizations');
  if (/^\d+$/.test(ref)) q.where('id', Number(ref));
  else q.where('code', ref);
  const org = await q.first('id', 'code', 'timezone');
  if (!org)
    throw new UsageError(`${flag}: no organization ${ref}.`, { [flag]: [`unknown organization ${ref}`] });
  return { id: Number(org.id), code: String(org.code), timezone: String(org.timezone) };
}

/** `BLR` within `organizationId`, `ACME/BLR`, or a numeric unit id. */
export async function resolveUnit(
  db: Knex,
  organizationId: number,
  ref: string,
  flag = '--unit',
): Promise<{ id: number; code: string }> {
  const code = ref.includes('/') ? ref.slice(ref.indexOf('/') + 1) : ref;
  const q = db('organization_units').where('organization_id', organizationId);
  if (/^\d+$/.test(code)) q.where('id', Number(code));
  else q.where('code', code);
  const unit = await q.first('id', 'code');
  if (!unit)
    throw new UsageError(`${flag}: no unit ${ref} in this organization.`, {
      [flag]: [`unknown unit ${ref}`],
    });
  return { id: Number(unit.id), code: String(unit.code) };
}
