// Share codes: an owner hands a short code to a clinic, which redeems it to take the pet over.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pet_shares', (t) => {
    t.increments('id').primary();
    t.integer('pet_id').unsigned().notNullable().references('id').inTable('pets').onDelete('CASCADE');
    t.integer('owner_user_id').unsigned().notNullable().references('id').inTable('clinic_users');
    // Unique for ever, not only among active codes: MySQL has no partial indexes, and the 31^8 code
    // space makes a lifetime of codes collide rarely (a collision is retried with a new code).
    t.string('code', 8).notNullable().unique();
    t.string('note', 500).nullable();
    t.datetime('expires_at', { precision: 3 }).notNullable();
    t.datetime('revoked_at', { precision: 3 }).nullable();
    t.datetime('redeemed_at', { precision: 3 }).nullable();
    t.integer('redeemed_by_user_id').unsigned().nullable().references('id').inTable('clinic_users');
    t.integer('redeemed_tenant_id').unsigned().nullable().references('id').inTable('tenants');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['owner_user_id', 'expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('pet_shares');
}
