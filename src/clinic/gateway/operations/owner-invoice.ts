// The owner's own invoice (its Client row is theirs); anyone else's is a 404.
import type { Knex } from 'knex';
import { NotFoundError } from '../../../core/errors.js';

export async function ownerInvoice(db: Knex, ownerUserId: number, invoiceId: number) {
  const row = await db('invoices as i')
    .join('clinic_clients as c', 'c.id', 'i.client_id')
    .join('tenants as t', 't.id', 'i.tenant_id')
    .where({ 'i.id': invoiceId, 'c.owner_user_id': ownerUserId })
    .first('i.*', 't.name as tenant_name');
  if (!row) throw new NotFoundError('Invoice not found.');
  return row as Record<string, any>;
}
