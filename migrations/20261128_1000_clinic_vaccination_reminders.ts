// Vaccination-due reminders (an extension beyond the clinic contract, issue 28): the tenant's
// settings, the pet's end of life (a deceased pet is never reminded about), the owner's choice to
// copy their full-access caregivers, each recipient's opt-out per tenant, and the log that makes a
// reminder go out once per vaccination and due date (its unique key; written in the transaction
// that queues the message).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => {
    t.boolean('reminders_enabled').notNullable().defaultTo(false);
    t.integer('reminder_days_before').notNullable().defaultTo(14);
    t.integer('reminder_send_hour').notNullable().defaultTo(9); // on the tenant's own wall clock
    t.string('reminder_sender_name', 120).nullable(); // null: the tenant's name
  });
  await knex.schema.alterTable('pets', (t) => {
    t.date('deceased_on').nullable();
  });
  await knex.schema.alterTable('clinic_users', (t) => {
    t.boolean('reminders_to_caregivers').notNullable().defaultTo(false);
  });
  await knex.schema.createTable('reminder_opt_outs', (t) => {
    t.increments('id').primary();
    t.integer('tenant_id').unsigned().notNullable().references('id').inTable('tenants');
    t.integer('user_id').unsigned().notNullable().references('id').inTable('clinic_users');
    t.datetime('opted_out_at', { precision: 3 }).notNullable();
    t.unique(['tenant_id', 'user_id']);
  });
  await knex.schema.createTable('vaccination_reminders', (t) => {
    t.increments('id').primary();
    t.integer('tenant_id').unsigned().notNullable().references('id').inTable('tenants');
    t.integer('pet_id').unsigned().notNullable().references('id').inTable('pets').onDelete('CASCADE');
    t.integer('vaccination_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('pet_vaccinations')
      .onDelete('CASCADE');
    t.date('due_on').notNullable();
    t.date('sent_on').notNullable(); // the tenant's local date of the run
    t.integer('mail_id').unsigned().notNullable(); // the owner's (first) message
    t.integer('recipients').notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.unique(['vaccination_id', 'due_on']);
    t.index(['pet_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('vaccination_reminders');
  await knex.schema.dropTableIfExists('reminder_opt_outs');
  await knex.schema.alterTable('clinic_users', (t) => t.dropColumn('reminders_to_caregivers'));
  await knex.schema.alterTable('pets', (t) => t.dropColumn('deceased_on'));
  await knex.schema.alterTable('tenants', (t) => {
    t.dropColumns('reminders_enabled', 'reminder_days_before', 'reminder_send_hour', 'reminder_sender_name');
  });
}
