// Natural-key lookups for the partner commands: a partner by name, an organization by code or id,
// a unit by code (within its organization, `ACME/BLR` or `BLR`) or id. Unknown → 422 naming the field.
import type { Knex } from 'knex';
import { ValidationError } from '../../core/errors.js';
import { toTarget, type PartnerTarget } from './deliveries/partner-target.js';

const NUMERIC = /^[1-9][0-9]{0,15}$/;

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
  const row =
    (await db('organizations').where({ code: ref }).first('id', 'code')) ??
    (NUMERIC.test(ref)
      ? await db('organizations')
          .where({ id: Number(ref) })
          .first('id', 'code')
      : undefined);
  if (!row) throw ValidationError.field(field, `Unknown organization ${ref}.`);
  return { id: Number(row.id), code: row.code };
}

export async function unitByRef(
  db: Knex,
  organizationId: number,
  ref: string,
  field = 'unit',
): Promise<{ id: number; code: string }> {
  const code = ref.includes('/') ? ref.slice(ref.indexOf('/') + 1) : ref;
  const row =
    (await db('organization_units').where({ organization_id: organizationId, code }).first('id', 'code')) ??
    (NUMERIC.test(ref)
      ? await db('organization_units')
          .where({ organization_id: organizationId, id: Number(ref) })
          .first('id', 'code')
      : undefined);
  if (!row) throw ValidationError.field(field, `Unknown unit ${ref} in this organization.`);
  return { id: Number(row.id), code: row.code };
}
