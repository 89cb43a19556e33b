// The public lost-pet tag: one row per pet, created on the first enable; the slug is kept for ever
// (it is printed on a collar tag), even while the tag is disabled.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pet_public_profiles', (t) => {
    t.increments('id').primary();
    t.integer('pet_id')
      .unsigned()
      .notNullable()
      .unique()
      .references('id')
      .inTable('pets')
      .onDelete('CASCADE');
    t.string('slug', 8).notNullable().unique();
    t.boolean('enabled').notNullable().defaultTo(false);
    // Published as given: the pet record's own microchip_id is never shown on the tag.
    t.string('microchip_id', 40).nullable();
    t.string('owner_contact_phone', 40).nullable();
    t.string('reward_notes', 1000).nullable();
    t.datetime('lost_mode_enabled_at', { precision: 3 }).nullable(); // null: found
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('pet_public_profiles');
}
