// Indexes that serve both the filter and the order of a list, so no list reads a whole table or
// sorts what it read (test/db/list-plans.test.ts proves each; docs/list-plans.md names who uses
// which). The id at the end of each is the tie-break of the list's order: InnoDB appends the primary
// key to a secondary index anyway, SQLite the rowid, but only an index that names it lets both
// planners see the order without a sort.
import type { Knex } from 'knex';

const INDEXES: Array<[table: string, columns: string[], name: string]> = [
  // GET /attendances of every organization (system_admin): pages in (date, id) order.
  ['attendance', ['date', 'id'], 'attendance_date_id_index'],
  // GET /employees/{id}/leaves, /regularizations: (from_date, id); /devices: id.
  ['leave_requests', ['employee_id', 'from_date', 'id'], 'leave_requests_employee_from_id_index'],
  ['regularization_requests', ['employee_id', 'from_date', 'id'], 'regularizations_employee_from_id_index'],
  ['devices', ['employee_id', 'id'], 'devices_employee_id_id_index'],
  // Clinic tenant lists: members by id, clients by (name, id), invoices and seller orders by id.
  ['tenant_memberships', ['tenant_id', 'id'], 'tenant_memberships_tenant_id_id_index'],
  ['clinic_clients', ['tenant_id', 'name', 'id'], 'clinic_clients_tenant_name_id_index'],
  ['invoices', ['tenant_id', 'id'], 'invoices_tenant_id_id_index'],
  ['invoices', ['client_id', 'id'], 'invoices_client_id_id_index'],
  ['order_requests', ['target_tenant_id', 'id'], 'order_requests_target_tenant_id_id_index'],
  // Owner lists: pets per client, appointments per pet (latest first), documents per pet, shares.
  ['pets', ['client_id', 'id'], 'pets_client_id_id_index'],
  ['appointments', ['pet_id', 'scheduled_at', 'id'], 'appointments_pet_scheduled_id_index'],
  ['pet_documents', ['pet_id', 'id'], 'pet_documents_pet_id_id_index'],
  ['pet_shares', ['owner_user_id', 'created_at', 'id'], 'pet_shares_owner_created_id_index'],
  ['pet_caregivers', ['pet_id', 'caregiver_user_id', 'id'], 'pet_caregivers_pet_caregiver_id_index'],
  // The public directory: by (name, id), of one business type or all.
  ['tenants', ['public', 'name', 'id'], 'tenants_public_name_id_index'],
  ['tenants', ['public', 'business_type', 'name', 'id'], 'tenants_public_type_name_id_index'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [table, columns, name] of INDEXES) {
    await knex.schema.alterTable(table, (t) => {
      t.index(columns, name);
    });
  }
  // Given (owner_user_id, expires_at), MariaDB seeks the unexpired range and sorts it for the
  // newest-first share list; (owner_user_id, created_at, id) serves every owner_user_id lookup.
  await knex.schema.alterTable('pet_shares', (t) => {
    t.dropIndex(['owner_user_id', 'expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pet_shares', (t) => {
    t.index(['owner_user_id', 'expires_at']);
  });
  for (const [table, columns, name] of [...INDEXES].reverse()) {
    await knex.schema.alterTable(table, (t) => {
      t.dropIndex(columns, name);
    });
  }
}
