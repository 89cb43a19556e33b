// Correction requests against a locked month (issue 28, part 2): an employee (or a manager for their
// team) asks for one day of a locked month to be corrected; hr or org_admin approves or rejects it.
// Approving corrects that one row inside the lock and the next partner push sends it again, alone,
// as a correction batch: a ledger row of partner_deliveries naming the request (0 on a lock's own
// batches), so the (partner, lock, batch) key becomes (partner, lock, correction request, batch).
import type { Knex } from 'knex';

const instant = (t: Knex.CreateTableBuilder, name: string) => t.datetime(name, { precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('attendance_correction_requests', (t) => {
    t.increments('id').primary();
    t.integer('organization_id').unsigned().notNullable().references('id').inTable('organizations');
    t.integer('employee_id').unsigned().notNullable().references('id').inTable('employees');
    t.date('date').notNullable();
    t.string('month', 7).notNullable(); // YYYY-MM of date, for the month filter
    instant(t, 'proposed_check_in').nullable();
    instant(t, 'proposed_check_out').nullable();
    t.string('reason', 1000).notNullable();
    t.string('status', 16).notNullable(); // pending | approved | rejected
    t.integer('requested_by').unsigned().notNullable().references('id').inTable('users');
    t.integer('decided_by').unsigned().nullable().references('id').inTable('users');
    instant(t, 'decided_at').nullable();
    t.string('decision_reason', 1000).nullable();
    // Set on approval: the lock the day kept, and the row corrected (no foreign key on the lock: an
    // unlock deletes it, the history stays, as in partner_deliveries).
    t.integer('lock_id').unsigned().nullable();
    t.integer('attendance_id').unsigned().nullable();
    instant(t, 'created_at').notNullable();
    instant(t, 'updated_at').notNullable();
    // The list, oldest first: an organization's requests, or those of one status (the queue).
    t.index(['organization_id', 'id']);
    t.index(['organization_id', 'status', 'id']);
    t.index(['employee_id', 'date']);
  });
  await knex.schema.alterTable('partner_deliveries', (t) => {
    t.integer('correction_request_id').unsigned().notNullable().defaultTo(0);
  });
  // The new key first: on MySQL the partner_id foreign key needs an index that starts with it.
  await knex.schema.alterTable('partner_deliveries', (t) => {
    t.unique(['partner_id', 'lock_id', 'correction_request_id', 'batch_index'], {
      indexName: 'partner_deliveries_batch_unique',
    });
  });
  await knex.schema.alterTable('partner_deliveries', (t) => {
    t.dropUnique(['partner_id', 'lock_id', 'batch_index']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('partner_deliveries').whereNot('correction_request_id', 0).delete();
  await knex.schema.alterTable('partner_deliveries', (t) => {
    t.unique(['partner_id', 'lock_id', 'batch_index']);
  });
  await knex.schema.alterTable('partner_deliveries', (t) => {
    t.dropUnique([], 'partner_deliveries_batch_unique');
    t.dropColumn('correction_request_id');
  });
  await knex.schema.dropTableIfExists('attendance_correction_requests');
}
