// Order rows with what their responses show: the pet, the seller tenant, the requester and the
// assignee, joined in one query; the source prescription's items come from the prescriptions folder.
import type { Knex } from 'knex';
import { loadPrescriptions, type PrescriptionWithItems } from '../prescriptions/queries.js';

export function orderRows(db: Knex) {
  return db('order_requests as o')
    .join('pets as p', 'p.id', 'o.pet_id')
    .join('tenants as t', 't.id', 'o.target_tenant_id')
    .join('clinic_users as r', 'r.id', 'o.requester_user_id')
    .leftJoin('clinic_users as a', 'a.id', 'o.assigned_to_user_id')
    .select(
      'o.*',
      'p.name as pet_name',
      'p.species as pet_species',
      'p.breed as pet_breed',
      't.name as tenant_name',
      't.slug as tenant_slug',
      't.business_type as tenant_business_type',
      't.email as tenant_email',
      't.phone as tenant_phone',
      't.address as tenant_address',
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
