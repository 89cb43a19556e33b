// An order request as its owner and its seller see it.
import { DateTime, Enum, Int, Nullable, Obj, Str, type Shape, fromRow } from '../../core/shape.js';

import { PageOf } from '../pagination.js';
import { petRef, PetRef } from '../pets/serialize.js';
import { UserRef } from '../identity/serialize.js';
import { Prescription, serializePrescription } from '../prescriptions/serialize.js';
import { TenantContact, tenantContact } from '../tenants/serialize.js';
import type { OrderRow } from './queries.js';
import { DELIVERY_PREFERENCES, ORDER_KINDS, ORDER_STATUSES } from './schemas.js';

export const Order = Obj({
  id: Int(),
  pet_id: Int(),
  target_tenant_id: Int(),
  requester_user_id: Int(),
  kind: Enum(ORDER_KINDS),
  source_prescription_id: Nullable(Int()),
  item_summary: Nullable(Str()),
  delivery_preference: Enum(DELIVERY_PREFERENCES),
  delivery_address: Nullable(Str()),
  notes: Nullable(Str()),
  status: Enum(ORDER_STATUSES),
  reason: Nullable(Str({ description: 'the seller’s reason for a rejection' })),
  assigned_to_user_id: Nullable(Int()),
  accepted_at: Nullable(DateTime()),
  fulfilled_at: Nullable(DateTime()),
  rejected_at: Nullable(DateTime()),
  cancelled_at: Nullable(DateTime()),
  created_at: DateTime(),
  updated_at: DateTime(),
  pet: PetRef,
  target_tenant: TenantContact,
  requester: Obj({ ...UserRef.properties, email: Str({ format: 'email' }), phone: Nullable(Str()) }),
  source_prescription: Nullable(Prescription),
  assignee: Nullable(UserRef),
});
export type OrderView = Shape<typeof Order>;

export const OrderPage = PageOf(Order);

export function serializeOrder(row: OrderRow): OrderView {
  return fromRow(Order, row, {
    source_prescription_id: row.source_prescription_id == null ? null : Number(row.source_prescription_id),
    assigned_to_user_id: row.assigned_to_user_id == null ? null : Number(row.assigned_to_user_id),
    pet: petRef(row),
    target_tenant: tenantContact(row.target_tenant_id, row),
    requester: {
      id: Number(row.requester_user_id),
      name: row.requester_name,
      email: row.requester_email,
      phone: row.requester_phone ?? null,
    },
    source_prescription: row.prescription ? serializePrescription(row.prescription) : null,
    assignee:
      row.assigned_to_user_id == null
        ? null
        : { id: Number(row.assigned_to_user_id), name: row.assignee_name },
  });
}
