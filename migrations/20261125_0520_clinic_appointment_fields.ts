// Appointment fields of the store-appointment body (the contract leaves them to us): when, with
// which veterinarian, and why. scheduled_at is nullable in the table only because SQLite cannot add
// a NOT NULL column without a default; the API always requires it.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('appointments', (t) => {
    t.datetime('scheduled_at', { precision: 3 }).nullable();
    t.integer('veterinarian_user_id').unsigned().nullable().references('id').inTable('clinic_users');
    t.string('reason', 255).nullable();
    t.string('notes', 2000).nullable();
    t.index(['tenant_id', 'scheduled_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('appointments', (t) => {
    t.dropIndex(['tenant_id', 'scheduled_at']);
    t.dropForeign(['veterinarian_user_id']);
    t.dropColumns('scheduled_at', 'veterinarian_user_id', 'reason', 'notes');
  });
}
