// Two generic kernel tables. `app_secrets`: keys the application makes for itself on first use
// (e.g. the URL-signing key), kept in the database so every daemon on it signs and verifies alike.
// `mail_outbox`: outgoing mail written in the transaction that decided it and delivered by a job,
// so a message exists exactly when its cause committed.
import type { Knex } from 'knex';

const instant = (t: Knex.CreateTableBuilder, name: string) => t.datetime(name, { precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('app_secrets', (t) => {
    t.increments('id').primary();
    t.string('name', 64).notNullable().unique(); // the race between two daemons is decided here
    t.string('value', 255).notNullable(); // hex of random bytes
    instant(t, 'created_at').notNullable();
  });

  await knex.schema.createTable('mail_outbox', (t) => {
    t.increments('id').primary();
    t.string('from_address', 255).notNullable();
    t.string('to_address', 255).notNullable();
    t.string('subject', 255).notNullable();
    t.text('body').notNullable(); // plain text
    t.string('status', 16).notNullable(); // queued | sent
    instant(t, 'created_at').notNullable();
    instant(t, 'sent_at').nullable();
    t.index(['status', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('mail_outbox');
  await knex.schema.dropTableIfExists('app_secrets');
}
