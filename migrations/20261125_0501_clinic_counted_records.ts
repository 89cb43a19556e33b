// The clinic records the tenant dashboard counts: pets (patients), appointments and invoices.
// Only their keys and the columns the counts read are created here; the patient, appointment and
// invoice slices add their fields with migrations of their own.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pets', (t) => {
    t.increments('id').primary();
    // A share-code redeem moves a pet to another tenant, so this is updated, never part of the key.
    t.integer('tenant_id').unsigned().notNullable().references('id').inTable('tenants');
    t.integer('client_id').unsigned().notNullable().references('id').inTable('clinic_clients');
    t.string('name', 255).notNullable();
    t.string('species', 64).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['tenant_id', 'id']);
    t.index(['client_id']);
  });

  await knex.schema.createTable('appointments', (t) => {
    t.increments('id').primary();
    t.integer('tenant_id').unsigned().notNullable().references('id').inTable('tenants');
    t.integer('pet_id').unsigned().notNullable().references('id').inTable('pets');
    t.integer('client_id').unsigned().notNullable().references('id').inTable('clinic_clients');
    t.string('status', 20).notNullable().defaultTo('scheduled');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['tenant_id', 'id']);
    t.index(['pet_id']);
  });

  await knex.schema.createTable('invoices', (t) => {
    t.increments('id').primary();
    t.integer('tenant_id').unsigned().notNullable().references('id').inTable('tenants');
    t.integer('client_id').unsigned().notNullable().references('id').inTable('clinic_clients');
    t.integer('pet_id').unsigned().nullable().references('id').inTable('pets');
    t.string('status', 20).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.index(['tenant_id', 'status']);
    t.index(['client_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('invoices');
  await knex.schema.dropTableIfExists('appointments');
  await knex.schema.dropTableIfExists('pets');
}
