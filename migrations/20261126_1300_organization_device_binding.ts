// Whether an employee's own punches need an approved device, per organization. On by default:
// device binding exists to stop buddy punching, so an organization opts out explicitly (import,
// `wfctl org set ORG --require-device-for-punches=false`).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('organizations', (t) => {
    t.boolean('require_device_for_punches').notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('organizations', (t) => {
    t.dropColumn('require_device_for_punches');
  });
}
