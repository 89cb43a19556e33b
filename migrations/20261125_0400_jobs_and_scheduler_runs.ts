// The database job queue (src/core/jobs.ts) and the scheduler's run claims (src/scheduler/runs.ts).
// Both live in the database so several daemons on one database behave as one: a job is claimed by
// one worker (FOR UPDATE SKIP LOCKED on MySQL), and a scheduled slot is run by whoever inserts its
// (job, slot) row first.
import type { Knex } from 'knex';

const instant = (t: Knex.CreateTableBuilder, name: string) => t.datetime(name, { precision: 3 });

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('jobs', (t) => {
    t.increments('id').primary();
    t.string('name', 64).notNullable(); // handler name, e.g. financial-year.close
    t.text('payload').notNullable(); // JSON object
    t.string('status', 16).notNullable(); // queued | running | done | failed
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('max_attempts').notNullable();
    instant(t, 'run_at').notNullable(); // not before this instant (backoff moves it)
    instant(t, 'locked_at').nullable(); // when the current attempt was claimed
    t.string('locked_by', 191).nullable(); // worker id of the current attempt
    t.text('last_error').nullable();
    t.text('result').nullable(); // JSON of what the handler returned
    instant(t, 'created_at').notNullable();
    instant(t, 'updated_at').notNullable();
    instant(t, 'finished_at').nullable();
    t.index(['status', 'run_at', 'id']);
    t.index(['name', 'id']);
  });

  await knex.schema.createTable('scheduler_runs', (t) => {
    t.increments('id').primary();
    t.string('job', 64).notNullable();
    t.string('slot', 128).notNullable(); // what one run covers, e.g. "2026-01:org:7" or "2026-02-01"
    t.string('status', 16).notNullable(); // running | done | failed
    t.string('claimed_by', 191).notNullable();
    instant(t, 'started_at').notNullable();
    instant(t, 'finished_at').nullable();
    t.text('result').nullable();
    t.text('error').nullable();
    t.unique(['job', 'slot']);
    t.index(['job', 'started_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('scheduler_runs');
  await knex.schema.dropTableIfExists('jobs');
}
