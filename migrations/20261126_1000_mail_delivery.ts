// Mail that is really delivered (src/core/mailer.ts): the outbox keeps what a delivery needs and what
// happened to it. A message now has an HTML part and a sender name (the tenant it speaks for), is
// delivered by the job named in `job_name` (the one in `job_id` owns it until it is sent), and
// records each attempt: queued → sending → sent, or failed (retried with backoff) → dead.
import type { Knex } from 'knex';

const instant = (t: Knex.AlterTableBuilder, name: string) => t.datetime(name, { precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.string('from_name', 255).nullable();
    t.string('reply_to', 255).nullable();
    t.integer('tenant_id').unsigned().nullable(); // no FK: a kernel table, and the trail outlives a tenant
    t.text('html_body').nullable();
    t.string('job_name', 64).nullable();
    t.integer('job_id').unsigned().nullable();
    t.integer('attempts').unsigned().notNullable().defaultTo(0);
    t.string('last_error', 1000).nullable();
    t.string('message_id', 255).nullable(); // the Message-ID the transport accepted
    instant(t, 'updated_at').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    for (const c of [
      'from_name',
      'reply_to',
      'tenant_id',
      'html_body',
      'job_name',
      'job_id',
      'attempts',
      'last_error',
      'message_id',
      'updated_at',
    ]) {
      t.dropColumn(c);
    }
  });
}
