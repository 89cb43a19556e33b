// The outbox row's own claim: the worker that sends a message holds it (claimed_by, claimed_until,
// renewed while the SMTP conversation lasts), so no second worker sends it while the first may still
// be talking to the server, and takes it over only once that lease lapsed (the worker died). The
// Message-ID is written when the message is queued (message_id) and sent on every attempt.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.string('claimed_by', 128).nullable();
    t.datetime('claimed_until', { precision: 3 }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.dropColumn('claimed_by');
    t.dropColumn('claimed_until');
  });
}
