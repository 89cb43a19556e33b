// A clinic's own time zone (IANA, default UTC): the day a clinic means by a date filter ("since
// 2026-03-01" in the health journal) or by "today" (a date of birth not in the future) is the day on
// its wall clock, not the UTC day. Set at sign-up or with PATCH /tenant/{tenant}/profile.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => {
    t.string('timezone', 64).notNullable().defaultTo('UTC');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('tenants', (t) => {
    t.dropColumn('timezone');
  });
}
