// Pets with their Client, the shape every pet response carries.
import type { Knex } from 'knex';
import { CLIENT_REF_COLUMNS } from '../clients/serialize.js';

export function petsWithClient(db: Knex | Knex.Transaction) {
  return db('pets as p')
    .join('clinic_clients as c', 'c.id', 'p.client_id')
    .select('p.*', 'c.tenant_id as client_tenant_id', ...CLIENT_REF_COLUMNS);
}

export async function loadPet(db: Knex | Knex.Transaction, petId: number): Promise<Record<string, any>> {
  return petsWithClient(db).where('p.id', petId).first();
}
