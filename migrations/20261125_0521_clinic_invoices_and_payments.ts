// Invoices get their money (integer minor units: paise, cents), line items, the payment ledger, and
// the payment gateway's orders and webhook events. balance_due_minor is kept in step with the ledger
// by every operation that records a payment, under a lock on the invoice row.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invoices', (t) => {
    t.string('currency', 3).notNullable().defaultTo('INR');
    t.bigInteger('total_minor').notNullable().defaultTo(0);
    t.bigInteger('amount_paid_minor').notNullable().defaultTo(0);
    t.bigInteger('balance_due_minor').notNullable().defaultTo(0);
    t.date('due_date').nullable();
    t.string('notes', 2000).nullable();
  });

  await knex.schema.createTable('invoice_items', (t) => {
    t.increments('id').primary();
    t.integer('invoice_id').unsigned().notNullable().references('id').inTable('invoices');
    t.string('description', 255).notNullable();
    t.integer('quantity').unsigned().notNullable();
    t.bigInteger('unit_price_minor').notNullable();
    t.bigInteger('amount_minor').notNullable();
    t.index(['invoice_id']);
  });

  await knex.schema.createTable('payments', (t) => {
    t.increments('id').primary();
    t.integer('tenant_id').unsigned().notNullable().references('id').inTable('tenants');
    t.integer('invoice_id').unsigned().notNullable().references('id').inTable('invoices');
    t.bigInteger('amount_minor').notNullable();
    t.string('payment_method', 20).notNullable(); // cash | card | upi | bank_transfer | online
    t.string('reference_number', 255).nullable();
    // The gateway's payment id: unique, so a capture is recorded once however often it is reported.
    t.string('provider_payment_id', 191).nullable().unique();
    t.string('provider_order_id', 191).nullable();
    t.integer('recorded_by_user_id').unsigned().nullable().references('id').inTable('clinic_users');
    t.string('source', 10).notNullable(); // clinic | verify | webhook
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['invoice_id']);
  });

  await knex.schema.createTable('gateway_orders', (t) => {
    t.increments('id').primary();
    t.integer('invoice_id').unsigned().notNullable().references('id').inTable('invoices');
    t.string('provider_order_id', 191).notNullable().unique();
    t.bigInteger('amount_minor').notNullable();
    t.string('currency', 3).notNullable();
    t.integer('created_by_user_id').unsigned().nullable().references('id').inTable('clinic_users');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['invoice_id']);
  });

  // Every signed webhook delivery, kept as received: failed payments live only here.
  await knex.schema.createTable('gateway_events', (t) => {
    t.increments('id').primary();
    t.string('event', 64).notNullable();
    t.string('provider_payment_id', 191).nullable();
    t.string('provider_order_id', 191).nullable();
    t.integer('invoice_id').unsigned().nullable().references('id').inTable('invoices');
    t.string('outcome', 20).notNullable(); // recorded | duplicate | logged | ignored
    t.text('payload').notNullable();
    t.datetime('received_at', { precision: 3 }).notNullable();
    t.index(['provider_payment_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('gateway_events');
  await knex.schema.dropTableIfExists('gateway_orders');
  await knex.schema.dropTableIfExists('payments');
  await knex.schema.dropTableIfExists('invoice_items');
  await knex.schema.alterTable('invoices', (t) => {
    t.dropColumns('currency', 'total_minor', 'amount_paid_minor', 'balance_due_minor', 'due_date', 'notes');
  });
}
