// The caller's own Client rows (which clinics know them as an owner). Every query is scoped by the
// token's user: another owner's Client row does not exist for the caller (404).
import type { Knex } from 'knex';
import { NotFoundError } from '../../../core/errors.js';
import type { ClinicContext } from '../../context.js';
import { fetchPage, PAGE_SIZES, type Page } from '../../pagination.js';

export type OwnerClientRow = Record<string, any>;

function ownerClients(db: Knex, ownerUserId: number) {
  return db('clinic_clients as c')
    .join('tenants as t', 't.id', 'c.tenant_id')
    .where('c.owner_user_id', ownerUserId)
    .select(
      'c.*',
      't.name as tenant_name',
      't.slug as tenant_slug',
      't.business_type as tenant_business_type',
      't.email as tenant_email',
      't.phone as tenant_phone',
      't.address as tenant_address',
    );
}

export function listOwnerClients(
  ctx: ClinicContext,
  input: { ownerUserId: number; page: number },
): Promise<Page<OwnerClientRow>> {
  return fetchPage(
    ownerClients(ctx.services.db, input.ownerUserId).orderBy('c.id'),
    input.page,
    PAGE_SIZES.ownerClients,
  );
}

export async function getOwnerClient(
  ctx: ClinicContext,
  input: { ownerUserId: number; clientId: number },
): Promise<OwnerClientRow> {
  const row = await ownerClients(ctx.services.db, input.ownerUserId).where('c.id', input.clientId).first();
  if (!row) throw new NotFoundError('Client not found.');
  return row;
}
