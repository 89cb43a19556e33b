// A prescription with its line items, as the owner and the seller see it.
import { isoOrNull } from '../../db/time.js';
import { itemSummary, type PrescriptionWithItems } from './queries.js';

export function serializePrescription(p: PrescriptionWithItems) {
  return {
    id: Number(p.id),
    pet_id: Number(p.pet_id),
    tenant: { id: Number(p.tenant_id), name: p.tenant_name, slug: p.tenant_slug },
    issued_by:
      p.issued_by_user_id == null ? null : { id: Number(p.issued_by_user_id), name: p.issued_by_name },
    issued_at: isoOrNull(p.issued_at),
    notes: p.notes ?? null,
    items: p.items.map((i) => ({
      id: Number(i.id),
      name: i.name,
      dose: i.dose ?? null,
      quantity: i.quantity ?? null,
      instructions: i.instructions ?? null,
    })),
  };
}

export type PrescriptionView = ReturnType<typeof serializePrescription>;

export function refillDraft(p: PrescriptionWithItems) {
  const issued = isoOrNull(p.issued_at)?.slice(0, 10);
  return {
    kind: 'refill' as const,
    source_prescription_id: Number(p.id),
    item_summary: itemSummary(p.items),
    notes: `Refill of prescription #${p.id} issued by ${p.tenant_name} on ${issued}.`,
    pet_id: Number(p.pet_id),
  };
}

export type RefillDraft = ReturnType<typeof refillDraft>;

const nullableStr = { type: 'string', nullable: true };

export const PRESCRIPTION_JSON = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    pet_id: { type: 'integer' },
    tenant: {
      type: 'object',
      properties: { id: { type: 'integer' }, name: { type: 'string' }, slug: { type: 'string' } },
    },
    issued_by: {
      type: 'object',
      nullable: true,
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
    },
    issued_at: { type: 'string', format: 'date-time' },
    notes: nullableStr,
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          dose: nullableStr,
          quantity: nullableStr,
          instructions: nullableStr,
        },
      },
    },
  },
};

export const REFILL_DRAFT_JSON = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: ['refill'] },
    source_prescription_id: { type: 'integer' },
    item_summary: { type: 'string' },
    notes: { type: 'string' },
    pet_id: { type: 'integer' },
  },
};
