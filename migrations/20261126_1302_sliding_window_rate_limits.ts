// Sliding-window rate limits: every admitted hit is kept (bucket, instant) for one window, so a limit
// counts the hits of the last window exactly instead of a fixed clock window, which let a double
// burst through at a window boundary. The existing rate_limits row of a bucket becomes its mutex:
// a hit locks it before counting, so check-and-increment is atomic across daemons.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limit_hits', (t) => {
    t.increments('id').primary();
    t.string('bucket', 191).notNullable();
    t.bigInteger('at_ms').notNullable(); // epoch ms of the admitted hit
    t.index(['bucket', 'at_ms']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limit_hits');
}
