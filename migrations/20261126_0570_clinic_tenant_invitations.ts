// Tenant invitations: a tenant admin who adds an email that already has an account invites it
// instead of attaching it (the account's owner accepts or declines from /me/invitations). One
// pending invitation per tenant and user; accepting moves it to tenant_memberships.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tenant_invitations', (t) => {
    t.increments('id').primary();
    t.integer('tenant_id').unsigned().notNullable().references('id').inTable('tenants').onDelete('CASCADE');
    t.integer('user_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('clinic_users')
      .onDelete('CASCADE');
    t.string('role', 32).notNullable(); // the role the membership will hold, see src/clinic/identity/roles.ts
    t.integer('invited_by_user_id')
      .unsigned()
      .nullable()
      .references('id')
      .inTable('clinic_users')
      .onDelete('SET NULL');
    t.datetime('created_at', { precision: 3 }).notNullable();
    t.unique(['tenant_id', 'user_id']);
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('tenant_invitations');
}
