// Pet (patient) fields of the contract, and caregivers, which decide who besides the primary owner
// may see or change a pet. Later slices (health, sharing, documents, orders) key on both.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pets', (t) => {
    t.string('breed', 120).nullable();
    t.string('sex', 10).notNullable().defaultTo('unknown'); // male | female | unknown
    t.date('date_of_birth').nullable();
    t.string('color', 64).nullable();
    t.string('microchip_id', 40).nullable();
    t.decimal('weight_kg', 7, 2).nullable();
    t.index(['microchip_id']);
  });

  // A caregiver invite: pending until accepted with its 48-character token (only its sha256 is kept),
  // then active; revoked by the primary owner; expired when not accepted in time.
  await knex.schema.createTable('pet_caregivers', (t) => {
    t.increments('id').primary();
    t.integer('pet_id').unsigned().notNullable().references('id').inTable('pets');
    t.integer('invited_by_user_id').unsigned().notNullable().references('id').inTable('clinic_users');
    t.string('invited_email', 191).notNullable();
    t.string('invited_name', 180).nullable();
    t.string('access_level', 8).notNullable(); // view | full
    t.string('note', 2000).nullable();
    t.string('token_hash', 64).notNullable().unique();
    t.integer('caregiver_user_id').unsigned().nullable().references('id').inTable('clinic_users');
    t.datetime('expires_at', { precision: 3 }).notNullable();
    t.datetime('accepted_at', { precision: 3 }).nullable();
    t.datetime('revoked_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['pet_id']);
    t.index(['caregiver_user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('pet_caregivers');
  await knex.schema.alterTable('pets', (t) => {
    t.dropIndex(['microchip_id']);
    t.dropColumns('breed', 'sex', 'date_of_birth', 'color', 'microchip_id', 'weight_kg');
  });
}
