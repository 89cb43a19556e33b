// Order rows with what their responses show: the pet, the seller tenant, the requester and the
// assignee, joined in one query; the source prescription's items come from the prescriptions folder.
import type { Knex } from 'knex';
import { PET_REF_COLUMNS } from '../pets/serialize.js';
import { loadPrescriptions, type PrescriptionWithItems } from '../prescriptions/queries.js';
import { TENANT_CONTACT_COLUMNS } from '../tenants/serialize.js';

export function orderRows(db: Knex) {
  return db('order_requests as o')
    .join('pets as p', 'p.id', 'o.pet_id')
    .join('tenants as t', 't.id', 'o.target_tenant_id')
    .join('clinic_users as r', 'r.id', 'o.requester_user_id')
    .leftJoin('clinic_users as a', 'a.id', 'o.assigned_to_user_id')
    .select(
      'o.*',
      ...PET_REF_COLUMNS,
      ...TENANT_CONTACT_COLUMNS,
      'r.name as requester_name',
      'r.email as requester_email',
      'r.phone as requester_phone',
      'a.name as assignee_name',
    );
}

export type OrderRow = Record<string, any> & { prescription?: PrescriptionWithItems | null };

/** Attaches each order's source prescription (with items). */
export async function withPrescriptions(db: Knex, rows: Record<string, any>[]): Promise<OrderRow[]> {
  const ids = [
    ...new Set(
      rows
        .map((r) => r.source_prescription_id)
        .filter((v) => v != null)
        .map(Number),
    ),
  ];
  const loaded = await loadPrescriptions(db, ids);
  return rows.map((r) => ({
    ...r,
    prescription:
      r.source_prescription_id == null ? null : (loaded.get(Number(r.source_prescription_id)) ?? null),
  }));
}
