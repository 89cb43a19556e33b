// Owner-portal records: pet documents (files on disk under STORAGE_DIR, metadata here),
// prescriptions a tenant issues against a pet with their line items, and order requests an owner
// (or a caregiver) sends to a pharmacy or retail tenant.
import type { Knex } from 'knex';

const instant = (t: Knex.CreateTableBuilder, name: string) => t.datetime(name, { precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pet_documents', (t) => {
    t.increments('id').primary();
    t.integer('pet_id').unsigned().notNullable().references('id').inTable('pets');
    t.integer('uploaded_by_user_id').unsigned().notNullable().references('id').inTable('clinic_users');
    t.string('category', 20).notNullable(); // receipt | lab_report | xray | insurance | prescription | passport | other
    t.string('title', 180).nullable();
    t.date('document_date').nullable();
    t.string('notes', 2000).nullable();
    t.string('original_name', 255).notNullable(); // shown in Content-Disposition, never used on disk
    t.string('extension', 8).notNullable();
    t.string('mime_type', 100).notNullable();
    t.integer('size_bytes').unsigned().notNullable();
    t.string('storage_name', 80).notNullable().unique(); // random; the file's name under STORAGE_DIR
    instant(t, 'created_at').notNullable();
    instant(t, 'updated_at').notNullable();
    t.index(['pet_id', 'category', 'id']);
  });

  await knex.schema.createTable('prescriptions', (t) => {
    t.increments('id').primary();
    t.integer('tenant_id').unsigned().notNullable().references('id').inTable('tenants');
    t.integer('pet_id').unsigned().notNullable().references('id').inTable('pets');
    t.integer('issued_by_user_id').unsigned().nullable().references('id').inTable('clinic_users');
    t.string('notes', 2000).nullable();
    instant(t, 'issued_at').notNullable();
    instant(t, 'created_at').notNullable();
    instant(t, 'updated_at').notNullable();
    t.index(['pet_id', 'id']);
    t.index(['tenant_id', 'id']);
  });

  await knex.schema.createTable('prescription_items', (t) => {
    t.increments('id').primary();
    t.integer('prescription_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('prescriptions')
      .onDelete('CASCADE');
    t.integer('position').unsigned().notNullable();
    t.string('name', 180).notNullable();
    t.string('dose', 120).nullable();
    t.string('quantity', 60).nullable();
    t.string('instructions', 1000).nullable();
    t.index(['prescription_id', 'position']);
  });

  await knex.schema.createTable('order_requests', (t) => {
    t.increments('id').primary();
    t.integer('pet_id').unsigned().notNullable().references('id').inTable('pets');
    t.integer('requester_user_id').unsigned().notNullable().references('id').inTable('clinic_users');
    t.integer('target_tenant_id').unsigned().notNullable().references('id').inTable('tenants');
    t.string('kind', 10).notNullable(); // refill | reorder | custom
    t.integer('source_prescription_id').unsigned().nullable().references('id').inTable('prescriptions');
    t.string('item_summary', 2000).nullable();
    t.string('delivery_preference', 10).notNullable(); // pickup | delivery
    t.string('delivery_address', 500).nullable();
    t.string('notes', 2000).nullable();
    t.string('status', 12).notNullable(); // pending | accepted | fulfilled | rejected | cancelled
    t.string('reason', 2000).nullable(); // the seller's reason for a rejection
    t.integer('assigned_to_user_id').unsigned().nullable().references('id').inTable('clinic_users');
    instant(t, 'accepted_at').nullable();
    instant(t, 'fulfilled_at').nullable();
    instant(t, 'rejected_at').nullable();
    instant(t, 'cancelled_at').nullable();
    instant(t, 'created_at').notNullable();
    instant(t, 'updated_at').notNullable();
    t.index(['target_tenant_id', 'status', 'id']);
    t.index(['requester_user_id', 'id']);
    t.index(['pet_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('order_requests');
  await knex.schema.dropTableIfExists('prescription_items');
  await knex.schema.dropTableIfExists('prescriptions');
  await knex.schema.dropTableIfExists('pet_documents');
}
