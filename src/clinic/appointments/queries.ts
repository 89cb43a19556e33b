// Appointments with their pet, client and veterinarian, the shape every appointment response carries.
import type { Knex } from 'knex';
import { CLIENT_REF_COLUMNS } from '../clients/serialize.js';
import { PET_REF_COLUMNS } from '../pets/serialize.js';

export function appointmentsWithRelations(db: Knex | Knex.Transaction) {
  return db('appointments as a')
    .join('pets as p', 'p.id', 'a.pet_id')
    .join('clinic_clients as c', 'c.id', 'a.client_id')
    .leftJoin('clinic_users as v', 'v.id', 'a.veterinarian_user_id')
    .select('a.*', ...PET_REF_COLUMNS, ...CLIENT_REF_COLUMNS, 'v.name as vet_name', 'v.email as vet_email');
}

export function loadAppointment(db: Knex | Knex.Transaction, id: number) {
  return appointmentsWithRelations(db).where('a.id', id).first();
}
