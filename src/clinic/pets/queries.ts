// Pets with their Client, the shape every pet response carries.
import type { Knex } from 'knex';

export function petsWithClient(db: Knex | Knex.Transaction) {
  return db('pets as p')
    .join('clinic_clients as c', 'c.id', 'p.client_id')
    .select(
      'p.*',
      'c.tenant_id as client_tenant_id',
      'c.owner_user_id as client_owner_user_id',
      'c.name as client_name',
      'c.email as client_email',
      'c.phone as client_phone',
    );
}

export async function loadPet(db: Knex | Knex.Transaction, petId: number): Promise<Record<string, any>> {
  return petsWithClient(db).where('p.id', petId).first();
}
