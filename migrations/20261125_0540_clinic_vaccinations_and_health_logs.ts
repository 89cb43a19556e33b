// The owner portal's medical notes: vaccinations and the health journal. Both hang off the pet, not
// the tenant: a pet moved to another clinic by a share code keeps its history.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pet_vaccinations', (t) => {
    t.increments('id').primary();
    t.integer('pet_id').unsigned().notNullable().references('id').inTable('pets').onDelete('CASCADE');
    t.string('name', 255).notNullable();
    t.date('administered_at').notNullable();
    t.date('next_due_at').nullable();
    t.string('notes', 2000).nullable();
    t.string('lot_number', 100).nullable();
    t.integer('recorded_by_user_id').unsigned().nullable().references('id').inTable('clinic_users');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['pet_id', 'administered_at']);
  });

  await knex.schema.createTable('pet_health_logs', (t) => {
    t.increments('id').primary();
    t.integer('pet_id').unsigned().notNullable().references('id').inTable('pets').onDelete('CASCADE');
    t.datetime('logged_at', { precision: 3 }).notNullable();
    t.decimal('weight_kg', 6, 2).nullable(); // at most 9999.99
    t.string('appetite', 16).nullable(); // normal | reduced | none | increased
    t.string('energy_level', 16).nullable(); // normal | low | lethargic | hyperactive
    t.string('stool_quality', 16).nullable(); // normal | soft | diarrhea | constipated | bloody
    t.integer('water_intake_ml_per_kg').nullable(); // 0..500
    t.text('symptoms').nullable(); // JSON array of strings
    t.string('notes', 2000).nullable();
    t.integer('logged_by_user_id').unsigned().notNullable().references('id').inTable('clinic_users');
    t.string('source', 8).notNullable(); // owner | clinic
    // The tenant whose staff wrote a clinic entry (null for owner entries).
    t.integer('tenant_id').unsigned().nullable().references('id').inTable('tenants');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['pet_id', 'logged_at', 'id']); // newest-first pages and the since filter
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('pet_health_logs');
  await knex.schema.dropTableIfExists('pet_vaccinations');
}
