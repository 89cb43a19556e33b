// Appointments with their pet, client and veterinarian, the shape every appointment response carries.
import type { Knex } from 'knex';

export function appointmentsWithRelations(db: Knex | Knex.Transaction) {
  return db('appointments as a')
    .join('pets as p', 'p.id', 'a.pet_id')
    .join('clinic_clients as c', 'c.id', 'a.client_id')
    .leftJoin('clinic_users as v', 'v.id', 'a.veterinarian_user_id')
    .select(
      'a.*',
      'p.name as pet_name',
      'p.species as pet_species',
      'p.breed as pet_breed',
      'c.name as client_name',
      'c.email as client_email',
      'c.phone as client_phone',
      'c.owner_user_id as client_owner_user_id',
      'v.name as vet_name',
      'v.email as vet_email',
    );
}

export function loadAppointment(db: Knex | Knex.Transaction, id: number) {
  return appointmentsWithRelations(db).where('a.id', id).first();
}
