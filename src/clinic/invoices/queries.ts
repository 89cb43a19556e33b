// Invoices with their client, pet, line items and payments: one query for the invoices, one each for
// the items and payments of all of them (no N+1 on a page of 20).
import type { Knex } from 'knex';
import { CLIENT_REF_COLUMNS } from '../clients/serialize.js';

export function invoicesWithParties(db: Knex | Knex.Transaction) {
  return db('invoices as i')
    .join('clinic_clients as c', 'c.id', 'i.client_id')
    .leftJoin('pets as p', 'p.id', 'i.pet_id')
    .select('i.*', ...CLIENT_REF_COLUMNS, 'p.name as pet_name', 'p.species as pet_species');
}

export async function withLines(
  db: Knex | Knex.Transaction,
  rows: Record<string, any>[],
): Promise<Record<string, any>[]> {
  const ids = rows.map((r) => Number(r.id));
  if (!ids.length) return rows;
  const [items, payments, unreconciled, attempts] = await Promise.all([
    db('invoice_items').whereIn('invoice_id', ids).orderBy('id'),
    db('payments').whereIn('invoice_id', ids).orderBy('id'),
    db('gateway_unreconciled_payments').whereIn('invoice_id', ids).orderBy('id'),
    db('gateway_events').whereIn('invoice_id', ids).where('event', 'payment.failed').orderBy('id'),
  ]);
  const of = (list: Record<string, any>[], r: Record<string, any>) =>
    list.filter((x) => Number(x.invoice_id) === Number(r.id));
  return rows.map((r) => ({
    ...r,
    items: of(items, r),
    payments: of(payments, r),
    unreconciled_payments: of(unreconciled, r),
    payment_attempts: of(attempts, r),
  }));
}

export async function loadInvoice(db: Knex | Knex.Transaction, id: number): Promise<Record<string, any>> {
  const row = await invoicesWithParties(db).where('i.id', id).first();
  return (await withLines(db, [row]))[0];
}
