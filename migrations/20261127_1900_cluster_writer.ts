// The writer of record on a Galera cluster (src/db/galera.ts): which node the daemons' writes go to,
// renewed every second by each daemon writing there. One row, id 1; unused on SQLite and on a
// single MariaDB server.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('cluster_writer', (t) => {
    t.integer('id').primary();
    t.string('node_name', 64).notNullable();
    t.string('node_address', 255).notNullable();
    t.string('daemon', 128).notNullable();
    t.datetime('seen_at', { precision: 3 }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('cluster_writer');
}
