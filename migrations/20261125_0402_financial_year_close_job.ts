// The job that closes a financial year, so GET /financial-years/{id} and `wfctl fy close` can follow it.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('financial_years', (t) => {
    t.integer('close_job_id').unsigned().nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('financial_years', (t) => {
    t.dropColumn('close_job_id');
  });
}
