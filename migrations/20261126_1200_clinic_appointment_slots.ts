// Appointments get a length: duration_minutes, and ends_at (scheduled_at + duration) so the overlap
// check is one indexed range query on both dialects. The veterinarian index serves the overlap check
// and the veterinarian_user_id list filter; (tenant_id, scheduled_at) already serves from/to.
// Existing appointments take 30 minutes, the shipped default of APPOINTMENT_DEFAULT_MINUTES.
import type { Knex } from 'knex';

const LEGACY_MINUTES = 30;

function toDbTime(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

function fromDbTime(value: string | Date): Date {
  if (value instanceof Date) return value;
  return new Date(`${String(value).replace(' ', 'T').replace(/Z?$/, 'Z')}`);
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('appointments', (t) => {
    t.integer('duration_minutes').unsigned().notNullable().defaultTo(LEGACY_MINUTES);
    t.datetime('ends_at', { precision: 3 }).nullable();
    t.index(['tenant_id', 'veterinarian_user_id', 'scheduled_at'], 'appointments_vet_scheduled_index');
  });
  const rows = await knex('appointments').whereNotNull('scheduled_at').select('id', 'scheduled_at');
  for (const row of rows) {
    const end = new Date(fromDbTime(row.scheduled_at).getTime() + LEGACY_MINUTES * 60_000);
    await knex('appointments')
      .where('id', row.id)
      .update({ ends_at: toDbTime(end) });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('appointments', (t) => {
    t.dropIndex(['tenant_id', 'veterinarian_user_id', 'scheduled_at'], 'appointments_vet_scheduled_index');
    t.dropColumns('duration_minutes', 'ends_at');
  });
}
