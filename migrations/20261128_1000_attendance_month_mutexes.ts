// The mutex between a month lock and the writes into that month (src/workforce/attendance/month-mutex.ts):
// one row per organization and pay month, taken FOR UPDATE by lock and unlock and in share mode by
// every writer of that month's attendance. It replaces the organization row, which made a lock of a
// large past month stop every punch of the organization for today. Rows are created on first use.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('attendance_month_mutexes', (t) => {
    t.integer('organization_id').unsigned().notNullable().references('id').inTable('organizations');
    t.string('month', 7).notNullable(); // YYYY-MM
    t.primary(['organization_id', 'month']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('attendance_month_mutexes');
}
