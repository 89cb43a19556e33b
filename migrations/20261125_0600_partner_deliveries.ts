// The delivery ledger of the partner push: one row per signed batch sent (or to be sent) to a
// partner. A batch is a keyset range of the attendance rows one lock stamped, so the ledger is keyed
// on the lock id: an unlock deletes the lock, a new lock has a new id, and its days are due again.
// lock_id deliberately has no foreign key: the lock row is deleted on unlock, the history stays.
import type { Knex } from 'knex';

const instant = (t: Knex.CreateTableBuilder, name: string) => t.datetime(name, { precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('partner_deliveries', (t) => {
    t.increments('id').primary();
    // Sent as X-Attendance-Delivery-Id; the same on every attempt and redelivery of the batch.
    t.string('delivery_id', 36).notNullable().unique();
    t.integer('partner_id').unsigned().notNullable().references('id').inTable('partners').onDelete('CASCADE');
    t.integer('organization_id').unsigned().notNullable().references('id').inTable('organizations');
    t.string('month', 7).notNullable(); // YYYY-MM of the lock
    t.integer('lock_id').unsigned().notNullable();
    t.integer('batch_index').unsigned().notNullable(); // 0-based within (partner, lock)
    // The batch is the lock's rows with first_attendance_id <= id <= last_attendance_id.
    t.integer('first_attendance_id').unsigned().notNullable();
    t.integer('last_attendance_id').unsigned().notNullable();
    t.integer('record_count').unsigned().notNullable();
    t.boolean('is_last').notNullable().defaultTo(false); // the lock's final batch for this partner
    t.string('status', 16).notNullable(); // pending | delivered | failed
    t.integer('attempts').unsigned().notNullable().defaultTo(0);
    t.string('last_error', 1000).nullable();
    t.integer('response_code').nullable();
    instant(t, 'delivered_at').nullable();
    // A run holds a batch until this instant, so a cron push and the nightly job never send it twice.
    instant(t, 'claimed_until').nullable();
    instant(t, 'created_at').notNullable();
    instant(t, 'updated_at').notNullable();
    t.unique(['partner_id', 'lock_id', 'batch_index']);
    t.index(['status', 'id']);
    t.index(['organization_id', 'month']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('partner_deliveries');
}
