// Pet photos and the tag's owner-contact opt-in. A pet has at most one photo: a JPEG normalised by
// sharp (bounded size, no metadata) kept under STORAGE_DIR/pet-photos by a random name, like a
// document; its dimensions are kept for the passport PDF, which embeds the JPEG as it is.
// show_owner_contact: the owner lets a tag without a phone of its own offer the owner's account
// phone to a finder (off until the owner turns it on).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pets', (t) => {
    t.string('photo_storage_name', 80).nullable(); // null: no photo
    t.integer('photo_width').unsigned().nullable();
    t.integer('photo_height').unsigned().nullable();
    t.integer('photo_size_bytes').unsigned().nullable();
  });
  await knex.schema.alterTable('pet_public_profiles', (t) => {
    t.boolean('show_owner_contact').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pet_public_profiles', (t) => t.dropColumn('show_owner_contact'));
  await knex.schema.alterTable('pets', (t) =>
    t.dropColumns('photo_storage_name', 'photo_width', 'photo_height', 'photo_size_bytes'),
  );
}
