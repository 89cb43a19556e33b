// An order request as its owner and its seller see it.
import { isoOrNull } from '../../db/time.js';
import { PRESCRIPTION_JSON, serializePrescription } from '../prescriptions/serialize.js';
import type { OrderRow } from './queries.js';

export function serializeOrder(row: OrderRow) {
  return {
    id: Number(row.id),
    pet_id: Number(row.pet_id),
    target_tenant_id: Number(row.target_tenant_id),
    requester_user_id: Number(row.requester_user_id),
    kind: row.kind,
    source_prescription_id: row.source_prescription_id == null ? null : Number(row.source_prescription_id),
    item_summary: row.item_summary ?? null,
    delivery_preference: row.delivery_preference,
    delivery_address: row.delivery_address ?? null,
    notes: row.notes ?? null,
    status: row.status,
    reason: row.reason ?? null,
    assigned_to_user_id: row.assigned_to_user_id == null ? null : Number(row.assigned_to_user_id),
    accepted_at: isoOrNull(row.accepted_at),
    fulfilled_at: isoOrNull(row.fulfilled_at),
    rejected_at: isoOrNull(row.rejected_at),
    cancelled_at: isoOrNull(row.cancelled_at),
    created_at: isoOrNull(row.created_at),
    updated_at: isoOrNull(row.updated_at),
    pet: {
      id: Number(row.pet_id),
      name: row.pet_name,
      species: row.pet_species,
      breed: row.pet_breed ?? null,
    },
    target_tenant: {
      id: Number(row.target_tenant_id),
      name: row.tenant_name,
      slug: row.tenant_slug,
      business_type: row.tenant_business_type,
      email: row.tenant_email,
      phone: row.tenant_phone ?? null,
      address: row.tenant_address ?? null,
    },
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
  };
}

export type OrderView = ReturnType<typeof serializeOrder>;

const nullableStr = { type: 'string', nullable: true };
const nullableTime = { type: 'string', format: 'date-time', nullable: true };

export const ORDER_JSON = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    pet_id: { type: 'integer' },
    target_tenant_id: { type: 'integer' },
    requester_user_id: { type: 'integer' },
    kind: { type: 'string', enum: ['refill', 'reorder', 'custom'] },
    source_prescription_id: { type: 'integer', nullable: true },
    item_summary: nullableStr,
    delivery_preference: { type: 'string', enum: ['pickup', 'delivery'] },
    delivery_address: nullableStr,
    notes: nullableStr,
    status: { type: 'string', enum: ['pending', 'accepted', 'fulfilled', 'rejected', 'cancelled'] },
    reason: { ...nullableStr, description: 'the seller’s reason for a rejection' },
    assigned_to_user_id: { type: 'integer', nullable: true },
    accepted_at: nullableTime,
    fulfilled_at: nullableTime,
    rejected_at: nullableTime,
    cancelled_at: nullableTime,
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
    pet: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        species: { type: 'string' },
        breed: nullableStr,
      },
    },
    target_tenant: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        slug: { type: 'string' },
        business_type: { type: 'string' },
        email: { type: 'string' },
        phone: nullableStr,
        address: nullableStr,
      },
    },
    requester: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
        email: { type: 'string' },
        phone: nullableStr,
      },
    },
    source_prescription: { ...PRESCRIPTION_JSON, nullable: true },
    assignee: {
      type: 'object',
      nullable: true,
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
    },
  },
};
