// Leases for queue jobs and scheduler slots: a claim holds until `lease_until`, which its holder
// renews while it runs (src/core/lease.ts); once it lapses the next process takes the claim over.
// This replaces the fixed staleness rules (a running job was taken over after 15 minutes, a running
// slot after an hour). Claims already running when this migration applies keep exactly the time the
// old rule gave them, so a daemon of the previous version finishing its work is not overtaken.
import type { Knex } from 'knex';

const FORMER_JOB_STALE_MS = 15 * 60_000;
const FORMER_RUN_STALE_MS = 60 * 60_000;

const toDb = (d: Date) => d.toISOString().replace('T', ' ').replace('Z', '');
const fromDb = (v: string | Date) =>
  v instanceof Date ? v : new Date(`${String(v).replace(' ', 'T').slice(0, 23)}Z`);

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('jobs', (t) => {
    t.datetime('lease_until', { precision: 3 }).nullable(); // while running: taken over after this
    t.index(['status', 'lease_until'], 'jobs_status_lease_until_index');
  });
  await knex.schema.alterTable('scheduler_runs', (t) => {
    t.datetime('lease_until', { precision: 3 }).nullable();
    t.index(['status', 'lease_until'], 'scheduler_runs_status_lease_until_index');
  });
  for (const row of await knex('jobs').where({ status: 'running' }).select('id', 'locked_at')) {
    const from = row.locked_at ? fromDb(row.locked_at).getTime() : 0;
    await knex('jobs')
      .where({ id: row.id })
      .update({ lease_until: toDb(new Date(from + FORMER_JOB_STALE_MS)) });
  }
  for (const row of await knex('scheduler_runs').where({ status: 'running' }).select('id', 'started_at')) {
    await knex('scheduler_runs')
      .where({ id: row.id })
      .update({ lease_until: toDb(new Date(fromDb(row.started_at).getTime() + FORMER_RUN_STALE_MS)) });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('scheduler_runs', (t) => {
    t.dropIndex(['status', 'lease_until'], 'scheduler_runs_status_lease_until_index');
  });
  await knex.schema.alterTable('scheduler_runs', (t) => {
    t.dropColumn('lease_until');
  });
  await knex.schema.alterTable('jobs', (t) => {
    t.dropIndex(['status', 'lease_until'], 'jobs_status_lease_until_index');
  });
  await knex.schema.alterTable('jobs', (t) => {
    t.dropColumn('lease_until');
  });
}
