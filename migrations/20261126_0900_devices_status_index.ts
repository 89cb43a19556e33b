// `wfctl device list --pending` (the approval queue) reads devices by status in id order; without
// an index that is a scan of every device ever registered.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('devices', (t) => {
    t.index(['status', 'id'], 'devices_status_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('devices', (t) => {
    t.dropIndex(['status', 'id'], 'devices_status_id_index');
  });
}
