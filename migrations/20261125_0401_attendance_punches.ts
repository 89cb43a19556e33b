// Raw attendance punches. The daily attendance row is derived from them (first check-in, last
// check-out), and the unique key makes a repeated identical punch a no-op instead of a duplicate.
import type { Knex } from 'knex';

const instant = (t: Knex.CreateTableBuilder, name: string) => t.datetime(name, { precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('attendance_punches', (t) => {
    t.increments('id').primary();
    t.integer('employee_id').unsigned().notNullable().references('id').inTable('employees');
    t.integer('organization_unit_id').unsigned().notNullable().references('id').inTable('organization_units');
    t.string('kind', 16).notNullable(); // check_in | check_out
    instant(t, 'punched_at').notNullable();
    t.date('date').notNullable(); // the attendance date (unit-local) the punch counts towards
    t.string('source', 16).notNullable(); // self | correction
    t.integer('recorded_by').unsigned().notNullable().references('id').inTable('users');
    instant(t, 'created_at').notNullable();
    t.unique(['employee_id', 'kind', 'punched_at']);
    t.index(['employee_id', 'date']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('attendance_punches');
}
