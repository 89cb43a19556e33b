// Public profile fields of a tenant for the provider directory (GET /providers).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => {
    t.text('description').nullable();
    t.string('city', 120).nullable();
    t.decimal('latitude', 9, 6).nullable();
    t.decimal('longitude', 9, 6).nullable();
    t.boolean('public').notNullable().defaultTo(true); // listed in the directory
    t.index(['public', 'latitude', 'longitude']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => {
    t.dropIndex(['public', 'latitude', 'longitude']);
    t.dropColumns('description', 'city', 'latitude', 'longitude', 'public');
  });
}
