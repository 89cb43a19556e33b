// Gateway reconciliation. gateway_events.event_id: the gateway's id of a delivery (or, when the
// body names none, `event:payment id`), unique, so a replayed event is detected by the insert itself
// and nothing is booked twice. gateway_unreconciled_payments: captures that do not match their order
// (more than ordered, or another currency), kept visibly until an operator books them or notes
// their refund.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('gateway_events', (t) => {
    t.string('event_id', 191).nullable();
    t.unique(['event_id'], { indexName: 'gateway_events_event_id_unique' });
    t.index(['invoice_id', 'event'], 'gateway_events_invoice_event_index');
  });
  await knex.schema.createTable('gateway_unreconciled_payments', (t) => {
    t.increments('id').primary();
    t.integer('tenant_id').unsigned().notNullable().references('id').inTable('tenants');
    t.integer('invoice_id').unsigned().notNullable().references('id').inTable('invoices');
    t.integer('gateway_event_id').unsigned().nullable().references('id').inTable('gateway_events');
    t.string('provider_payment_id', 191).notNullable().unique();
    t.string('provider_order_id', 191).nullable();
    t.bigInteger('amount_minor').notNullable();
    t.string('currency', 3).notNullable();
    t.bigInteger('ordered_amount_minor').notNullable();
    t.string('ordered_currency', 3).notNullable();
    t.string('reason', 20).notNullable(); // over_order | currency
    t.string('status', 20).notNullable().defaultTo('open'); // open | booked | refund_noted
    t.integer('payment_id').unsigned().nullable().references('id').inTable('payments');
    t.string('note', 500).nullable();
    t.datetime('resolved_at', { precision: 3 }).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['invoice_id']);
    t.index(['status', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('gateway_unreconciled_payments');
  // MySQL dropped the foreign key's own index on invoice_id when (invoice_id, event) could serve it,
  // so the composite cannot go while the key stands: the key is dropped and made again around it
  // (which gives it back its own index). SQLite has no such coupling.
  const mysql = /mysql/.test(String(knex.client.config.client));
  await knex.schema.alterTable('gateway_events', (t) => {
    if (mysql) t.dropForeign(['invoice_id']);
    t.dropIndex(['invoice_id', 'event'], 'gateway_events_invoice_event_index');
    t.dropUnique(['event_id'], 'gateway_events_event_id_unique');
    t.dropColumn('event_id');
  });
  if (mysql) {
    await knex.schema.alterTable('gateway_events', (t) => {
      t.foreign('invoice_id').references('id').inTable('invoices');
    });
  }
}
