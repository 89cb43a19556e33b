// A correction punch amends a day instead of replacing it. The day's times as they stood before its
// first punch (typically imported) are kept as its baseline, and every correction leaves a trail
// entry on the row: who, when, which field, from, to. Both are JSON text, null until needed.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('attendance', (t) => {
    t.text('baseline').nullable(); // {"check_in": "03:30:00Z" | null, "check_out": … }
    t.text('correction_trail').nullable(); // [{by, at, field, from, to}, …]
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('attendance', (t) => {
    t.dropColumn('baseline');
    t.dropColumn('correction_trail');
  });
}
