// "Is any row of this organization-month still unlocked?" (the pull's and the export's LOCK_PENDING
// check) scanned every row of the month through (organization_id, date, id) and read each row for
// locked_at: 1.7 s before the first byte of a 279,000-row pull. With locked_at in an index the
// answer is one seek. docs/benchmarks.md has the before and after.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('attendance', (t) => {
    t.index(['organization_id', 'locked_at', 'date'], 'attendance_org_locked_at_date_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('attendance', (t) => {
    t.dropIndex(['organization_id', 'locked_at', 'date'], 'attendance_org_locked_at_date_index');
  });
}
