// The caller's own Client rows (which clinics know them as an owner). Every query is scoped by the
// caller: another owner's Client row does not exist for them (404).
import type { Knex } from 'knex';
import { NotFoundError } from '../../../core/errors.js';
import { defineRead } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import type { ClinicRun } from '../../context.js';
import { fetchPage, PAGE_SIZES, type Page } from '../../pagination.js';
import { ownerClientListQuery } from '../schemas.js';
import { serializeOwnerClient, type OwnerClientView } from '../serialize.js';
import { TENANT_CONTACT_COLUMNS } from '../../tenants/serialize.js';

function ownerClients(db: Knex, ownerUserId: number) {
  return db('clinic_clients as c')
    .join('tenants as t', 't.id', 'c.tenant_id')
    .where('c.owner_user_id', ownerUserId)
    .select('c.*', ...TENANT_CONTACT_COLUMNS);
}

export const listOwnerClients = defineRead('owner-client.list', 'authenticated', {
  summary: 'The tenants the caller is registered with as a pet owner (their Client rows), 50 per page',
  input: ownerClientListQuery,
  async run(ctx: ClinicRun, input): Promise<Page<OwnerClientView>> {
    const page = await fetchPage<Record<string, any>>(
      ownerClients(ctx.db, ctx.owns('self')).orderBy('c.id'),
      input.page,
      PAGE_SIZES.ownerClients,
    );
    return { ...page, items: page.items.map(serializeOwnerClient) };
  },
});

export const getOwnerClient = defineRead('owner-client.show', 'authenticated', {
  summary: 'One of the caller’s Client rows; another owner’s is a 404',
  input: yup.object({ client_id: idNumber().required() }),
  async run(ctx: ClinicRun, input): Promise<OwnerClientView> {
    const row = await ownerClients(ctx.db, ctx.owns('self')).where('c.id', input.client_id).first();
    if (!row) throw new NotFoundError('Client not found.');
    return serializeOwnerClient(row);
  },
});
