// Shared kernel tables: rate-limit counters and idempotency records live in the database so
// several daemons on one database behave as one.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limits', (t) => {
    t.string('key', 191).primary();
    t.integer('count').notNullable().defaultTo(0);
    t.bigInteger('expires_at').notNullable().index(); // epoch ms when the window ends
  });
  await knex.schema.createTable('idempotency_keys', (t) => {
    t.increments('id').primary();
    t.string('scope', 191).notNullable(); // who sent it: "user:12", "partner:3", "ip:…"
    t.string('key', 191).notNullable();
    t.string('fingerprint', 64).notNullable(); // sha256 of method, path and body
    t.string('state', 16).notNullable(); // running | done
    t.integer('response_status').nullable();
    t.text('response_body', 'longtext').nullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('expires_at').notNullable().index();
    t.unique(['scope', 'key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('idempotency_keys');
  await knex.schema.dropTableIfExists('rate_limits');
}
