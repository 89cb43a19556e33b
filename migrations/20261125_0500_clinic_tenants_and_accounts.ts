// Clinic context, first slice: tenants (clinics, pharmacies, shops…), the clinic's own user
// accounts (staff and pet owners; the workforce context has its own `users`), tenant membership
// with one role each, the Client rows linking an owner account to a tenant, bearer tokens (SHA-256
// of the secret only) and the clinic audit trail.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tenants', (t) => {
    t.increments('id').primary();
    t.string('name', 255).notNullable();
    // Stored lower-case so uniqueness means the same on MySQL (case-insensitive) and SQLite.
    t.string('slug', 64).notNullable().unique();
    t.string('email', 191).notNullable().unique();
    t.string('phone', 40).nullable();
    t.string('address', 500).nullable();
    t.string('subscription_plan', 20).notNullable().defaultTo('trial');
    t.string('business_type', 20).notNullable().defaultTo('clinic');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
  });

  await knex.schema.createTable('clinic_users', (t) => {
    t.increments('id').primary();
    t.string('name', 255).notNullable();
    t.string('email', 191).notNullable().unique(); // unique among the whole clinic service
    t.string('password_hash', 100).notNullable(); // bcrypt
    t.string('phone', 40).nullable();
    // The tenant a staff user works in by default; null for pet owners and staff without tenants.
    t.integer('current_tenant_id')
      .unsigned()
      .nullable()
      .references('id')
      .inTable('tenants')
      .onDelete('SET NULL');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
  });

  await knex.schema.createTable('tenant_memberships', (t) => {
    t.increments('id').primary();
    t.integer('tenant_id').unsigned().notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.integer('user_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('clinic_users')
      .onDelete('CASCADE');
    t.string('role', 32).notNullable(); // see src/clinic/identity/roles.ts
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.unique(['tenant_id', 'user_id']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('clinic_clients', (t) => {
    t.increments('id').primary();
    t.integer('tenant_id').unsigned().notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    // Null for a client the clinic keeps without a portal account.
    t.integer('owner_user_id')
      .unsigned()
      .nullable()
      .references('id')
      .inTable('clinic_users')
      .onDelete('SET NULL');
    t.string('name', 255).notNullable();
    t.string('email', 191).nullable();
    t.string('phone', 40).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.datetime('updated_at', { precision: 3 }).notNullable();
    t.unique(['tenant_id', 'owner_user_id']); // one Client row per owner and tenant
    t.index(['owner_user_id']);
  });

  await knex.schema.createTable('clinic_access_tokens', (t) => {
    t.increments('id').primary();
    t.integer('user_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('clinic_users')
      .onDelete('CASCADE');
    t.string('token_hash', 64).notNullable(); // sha256 hex of the secret; the secret is never stored
    t.datetime('expires_at', { precision: 3 }).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['user_id']);
  });

  await knex.schema.createTable('clinic_audit_entries', (t) => {
    t.increments('id').primary();
    t.integer('tenant_id').unsigned().nullable(); // no FK: the trail outlives what it describes
    t.integer('actor_user_id').unsigned().nullable(); // null when run from the CLI or a seed
    t.string('via', 16).notNullable(); // http | cli | seed
    t.string('action', 64).notNullable();
    t.string('subject_type', 32).notNullable();
    t.integer('subject_id').unsigned().nullable();
    t.text('details').nullable(); // JSON
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.index(['tenant_id', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('clinic_audit_entries');
  await knex.schema.dropTableIfExists('clinic_access_tokens');
  await knex.schema.dropTableIfExists('clinic_clients');
  await knex.schema.dropTableIfExists('tenant_memberships');
  await knex.schema.dropTableIfExists('clinic_users');
  await knex.schema.dropTableIfExists('tenants');
}
