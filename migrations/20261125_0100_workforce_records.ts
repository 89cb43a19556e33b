// The workforce context's records: organizations and units, users with roles held per organization,
// tokens, employees and their devices, deployments, shifts, leave and regularization requests,
// attendance rows and locks, financial years, partners, and the audit trail.
// Dates are DATE ('YYYY-MM-DD'); instants are UTC text 'YYYY-MM-DD HH:MM:SS.mmm' (src/db/time.ts).
import type { Knex } from 'knex';

const instant = (t: Knex.CreateTableBuilder, name: string) => t.datetime(name, { precision: 3 });

function timestamps(t: Knex.CreateTableBuilder) {
  instant(t, 'created_at').notNullable();
  instant(t, 'updated_at').notNullable();
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('organizations', (t) => {
    t.increments('id').primary();
    t.string('code', 64).notNullable().unique();
    t.string('name', 191).notNullable();
    t.string('timezone', 64).notNullable().defaultTo('UTC');
    t.string('status', 16).notNullable().defaultTo('active'); // active | retired
    t.boolean('is_active').notNullable().defaultTo(true);
    instant(t, 'retired_at').nullable();
    timestamps(t);
  });

  await knex.schema.createTable('organization_units', (t) => {
    t.increments('id').primary();
    t.integer('organization_id').unsigned().notNullable().references('id').inTable('organizations');
    t.string('code', 64).notNullable();
    t.string('name', 191).notNullable();
    t.string('timezone', 64).notNullable().defaultTo('UTC');
    t.string('status', 16).notNullable().defaultTo('active'); // active | retired
    t.boolean('is_active').notNullable().defaultTo(true);
    instant(t, 'retired_at').nullable();
    timestamps(t);
    t.unique(['organization_id', 'code']);
  });

  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.string('email', 191).notNullable().unique();
    t.string('name', 191).notNullable();
    t.string('password_hash', 100).nullable(); // null: cannot log in (the system user)
    t.boolean('is_active').notNullable().defaultTo(true);
    t.boolean('is_system').notNullable().defaultTo(false); // the built-in actor of scheduled jobs and the CLI
    timestamps(t);
  });

  // A role is held per organization; system_admin is held globally (organization_id null).
  await knex.schema.createTable('user_roles', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('role', 32).notNullable();
    t.integer('organization_id').unsigned().nullable().references('id').inTable('organizations');
    // 'global' or 'org:<id>': NULLs are distinct in unique indexes, so the scope gets a key of its own.
    t.string('scope_key', 32).notNullable();
    instant(t, 'created_at').notNullable();
    t.unique(['user_id', 'role', 'scope_key']);
    t.index(['organization_id']);
  });

  await knex.schema.createTable('personal_access_tokens', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('name', 191).notNullable(); // the login's device_name
    t.string('token_hash', 64).notNullable(); // sha256 of the secret; the secret itself is never stored
    t.string('client_kind', 16).notNullable(); // web | mobile
    t.string('device_fingerprint', 191).nullable(); // mobile tokens are bound to it
    instant(t, 'expires_at').notNullable();
    instant(t, 'last_used_at').nullable();
    instant(t, 'revoked_at').nullable();
    instant(t, 'created_at').notNullable();
    t.index(['user_id']);
  });

  await knex.schema.createTable('employees', (t) => {
    t.increments('id').primary();
    t.string('employee_id', 64).notNullable().unique(); // the code used in attendance records (E042)
    t.integer('organization_id').unsigned().notNullable().references('id').inTable('organizations');
    t.integer('user_id').unsigned().nullable().references('id').inTable('users');
    t.string('name', 191).notNullable();
    t.string('email', 191).nullable();
    t.date('last_working_day').nullable();
    t.string('exit_reason', 1000).nullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    instant(t, 'deleted_at').nullable();
    timestamps(t);
    t.index(['organization_id', 'id']);
    t.index(['user_id']);
  });

  await knex.schema.createTable('devices', (t) => {
    t.increments('id').primary();
    t.integer('employee_id').unsigned().notNullable().references('id').inTable('employees');
    t.string('fingerprint', 191).notNullable();
    t.string('name', 191).nullable();
    t.string('status', 16).notNullable().defaultTo('pending'); // pending | approved | revoked
    instant(t, 'approved_at').nullable();
    instant(t, 'revoked_at').nullable();
    timestamps(t);
    t.unique(['employee_id', 'fingerprint']);
  });

  await knex.schema.createTable('employee_deployments', (t) => {
    t.increments('id').primary();
    t.integer('employee_id').unsigned().notNullable().references('id').inTable('employees');
    t.integer('organization_unit_id').unsigned().notNullable().references('id').inTable('organization_units');
    t.date('starts_on').notNullable();
    t.date('ends_on').nullable(); // null: open
    t.boolean('is_primary').notNullable().defaultTo(true);
    timestamps(t);
    t.index(['employee_id', 'is_primary']);
    t.index(['organization_unit_id', 'is_primary']);
  });

  await knex.schema.createTable('shift_assignments', (t) => {
    t.increments('id').primary();
    t.integer('employee_id').unsigned().notNullable().references('id').inTable('employees');
    t.integer('organization_unit_id').unsigned().notNullable().references('id').inTable('organization_units');
    t.date('assigned_for').notNullable();
    t.string('starts_at', 8).nullable(); // HH:MM:SS, unit-local
    t.string('ends_at', 8).nullable();
    t.string('state', 16).notNullable().defaultTo('planned'); // planned | cancelled
    instant(t, 'cancelled_at').nullable();
    timestamps(t);
    t.index(['employee_id', 'assigned_for']);
    t.index(['organization_unit_id', 'assigned_for']);
  });

  await knex.schema.createTable('leave_types', (t) => {
    t.increments('id').primary();
    t.integer('organization_id').unsigned().notNullable().references('id').inTable('organizations');
    t.string('code', 64).notNullable();
    t.string('name', 191).notNullable();
    t.decimal('annual_quota', 8, 2).notNullable().defaultTo(0);
    t.decimal('carry_forward_max', 8, 2).notNullable().defaultTo(0);
    timestamps(t);
    t.unique(['organization_id', 'code']);
  });

  // pending | shift_manager_approved | approved | rejected | cancelled; decision_trail is a JSON list
  // of {at, by, origin: user|system, action, note}.
  await knex.schema.createTable('leave_requests', (t) => {
    t.increments('id').primary();
    t.integer('employee_id').unsigned().notNullable().references('id').inTable('employees');
    t.integer('leave_type_id').unsigned().notNullable().references('id').inTable('leave_types');
    t.date('from_date').notNullable();
    t.date('to_date').notNullable();
    t.string('state', 32).notNullable().defaultTo('pending');
    t.text('decision_trail').notNullable();
    timestamps(t);
    t.index(['employee_id', 'state']);
  });

  await knex.schema.createTable('regularization_requests', (t) => {
    t.increments('id').primary();
    t.integer('employee_id').unsigned().notNullable().references('id').inTable('employees');
    t.date('from_date').notNullable();
    t.date('to_date').notNullable();
    t.string('reason', 1000).notNullable();
    t.string('state', 32).notNullable().defaultTo('pending');
    t.text('decision_trail').notNullable();
    timestamps(t);
    t.index(['employee_id', 'state']);
  });

  await knex.schema.createTable('attendance_locks', (t) => {
    t.increments('id').primary();
    t.integer('organization_id').unsigned().notNullable().references('id').inTable('organizations');
    t.integer('organization_unit_id').unsigned().nullable().references('id').inTable('organization_units');
    t.string('month', 7).notNullable(); // YYYY-MM
    t.string('scope_key', 32).notNullable(); // 'org' or 'unit:<id>' (unique even when unit is null)
    t.integer('locked_by').unsigned().notNullable().references('id').inTable('users');
    instant(t, 'created_at').notNullable();
    t.unique(['organization_id', 'month', 'scope_key']);
  });

  // One row per employee and date. lock_id names the lock that stamped locked_at, so an unlock
  // restores exactly the rows that lock covered.
  await knex.schema.createTable('attendance', (t) => {
    t.increments('id').primary();
    t.integer('employee_id').unsigned().notNullable().references('id').inTable('employees');
    t.integer('organization_id').unsigned().notNullable().references('id').inTable('organizations');
    t.integer('organization_unit_id').unsigned().notNullable().references('id').inTable('organization_units');
    t.date('date').notNullable();
    t.string('status', 16).notNullable();
    t.string('check_in', 9).nullable(); // HH:MM:SSZ
    t.string('check_out', 9).nullable();
    t.integer('worked_minutes').notNullable().defaultTo(0);
    t.string('flags', 500).notNullable().defaultTo('[]'); // JSON array of strings
    instant(t, 'locked_at').nullable();
    t.integer('lock_id').unsigned().nullable();
    timestamps(t);
    t.unique(['employee_id', 'date']);
    t.index(['organization_id', 'date', 'id']);
    t.index(['organization_unit_id', 'date']);
    t.index(['lock_id']);
  });

  await knex.schema.createTable('financial_years', (t) => {
    t.increments('id').primary();
    t.integer('organization_id').unsigned().notNullable().references('id').inTable('organizations');
    t.string('name', 64).notNullable();
    t.date('starts_on').notNullable();
    t.date('ends_on').notNullable();
    t.string('status', 16).notNullable().defaultTo('open'); // open | closing | closed
    instant(t, 'closed_at').nullable();
    timestamps(t);
    t.unique(['organization_id', 'name']);
  });

  // Quota values frozen when a financial year closes; never updated afterwards.
  await knex.schema.createTable('leave_type_snapshots', (t) => {
    t.increments('id').primary();
    t.integer('financial_year_id').unsigned().notNullable().references('id').inTable('financial_years');
    t.integer('leave_type_id').unsigned().notNullable().references('id').inTable('leave_types');
    t.string('code', 64).notNullable();
    t.string('name', 191).notNullable();
    t.decimal('annual_quota', 8, 2).notNullable();
    t.decimal('carry_forward_max', 8, 2).notNullable();
    instant(t, 'created_at').notNullable();
    t.unique(['financial_year_id', 'leave_type_id']);
  });

  await knex.schema.createTable('partners', (t) => {
    t.increments('id').primary();
    t.string('name', 191).notNullable().unique();
    t.string('kind', 16).notNullable(); // payroll | billing
    t.string('push_url', 1000).notNullable();
    // Outbound credentials must be usable to call the partner, so they cannot be hashed; they are
    // never printed, logged or served.
    t.string('outbound_token', 1000).notNullable();
    t.string('signing_secret', 500).notNullable();
    t.string('next_signing_secret', 500).nullable(); // during a rotation both are signed with
    t.boolean('is_active').notNullable().defaultTo(true);
    timestamps(t);
  });

  await knex.schema.createTable('partner_organizations', (t) => {
    t.integer('partner_id').unsigned().notNullable().references('id').inTable('partners').onDelete('CASCADE');
    t.integer('organization_id').unsigned().notNullable().references('id').inTable('organizations');
    t.primary(['partner_id', 'organization_id']);
  });

  await knex.schema.createTable('partner_tokens', (t) => {
    t.increments('id').primary();
    t.integer('partner_id').unsigned().notNullable().references('id').inTable('partners').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable();
    instant(t, 'last_used_at').nullable();
    instant(t, 'revoked_at').nullable();
    instant(t, 'created_at').notNullable();
    t.index(['partner_id']);
  });

  await knex.schema.createTable('audit_entries', (t) => {
    t.increments('id').primary();
    t.string('event', 64).notNullable();
    t.integer('actor_user_id').unsigned().nullable(); // null only for partner actions
    t.string('actor_type', 16).notNullable().defaultTo('user'); // user | system | partner
    t.string('subject_type', 64).notNullable();
    t.integer('subject_id').unsigned().notNullable();
    t.integer('organization_id').unsigned().nullable();
    t.text('context').notNullable(); // JSON object
    instant(t, 'created_at').notNullable();
    t.index(['organization_id', 'id']);
    t.index(['subject_type', 'subject_id']);
    t.index(['event', 'id']);
  });

  // The built-in actor of scheduled jobs and of CLI commands run without --actor. It cannot log in.
  const now = new Date().toISOString().replace('T', ' ').replace('Z', '');
  await knex('users').insert({
    email: SYSTEM_USER_EMAIL,
    name: 'wfctl system',
    password_hash: null,
    is_active: true,
    is_system: true,
    created_at: now,
    updated_at: now,
  });
}

// Keep in step with src/workforce/identity/actor.ts.
export const SYSTEM_USER_EMAIL = 'system@wfctl.local';

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'audit_entries',
    'partner_tokens',
    'partner_organizations',
    'partners',
    'leave_type_snapshots',
    'financial_years',
    'attendance',
    'attendance_locks',
    'regularization_requests',
    'leave_requests',
    'leave_types',
    'shift_assignments',
    'employee_deployments',
    'devices',
    'employees',
    'personal_access_tokens',
    'user_roles',
    'users',
    'organization_units',
    'organizations',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
