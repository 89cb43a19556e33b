// A prescription with its line items, as the owner and the seller see it, and the refill draft an
// owner's order starts from.
import { DateTime, Enum, Int, List, Nullable, Obj, Str, type Shape, fromRow } from '../../core/shape.js';
import { isoOrNull } from '../../db/time.js';
import { UserRef } from '../identity/serialize.js';
import { ORDER_KINDS } from '../orders/schemas.js';
import { PageOf } from '../pagination.js';
import { itemSummary, type PrescriptionWithItems } from './queries.js';

export const Prescription = Obj({
  id: Int(),
  pet_id: Int(),
  tenant: Obj({ id: Int(), name: Str(), slug: Str() }),
  issued_by: Nullable(UserRef),
  issued_at: DateTime(),
  notes: Nullable(Str()),
  items: List(
    Obj({
      id: Int(),
      name: Str(),
      dose: Nullable(Str()),
      quantity: Nullable(Str()),
      instructions: Nullable(Str()),
    }),
  ),
});
export type PrescriptionView = Shape<typeof Prescription>;

export const PrescriptionPage = PageOf(Prescription);

/** The order fields a refill of the prescription starts from (kind is always refill). */
export const RefillDraft = Obj({
  kind: Enum(['refill'] as const satisfies readonly (typeof ORDER_KINDS)[number][]),
  source_prescription_id: Int(),
  item_summary: Str(),
  notes: Str(),
  pet_id: Int(),
});
export type RefillDraft = Shape<typeof RefillDraft>;

export function serializePrescription(p: PrescriptionWithItems): PrescriptionView {
  return fromRow(Prescription, p, {
    tenant: { id: Number(p.tenant_id), name: p.tenant_name, slug: p.tenant_slug },
    issued_by:
      p.issued_by_user_id == null ? null : { id: Number(p.issued_by_user_id), name: p.issued_by_name },
    items: p.items.map((i) => ({
      id: Number(i.id),
      name: i.name,
      dose: i.dose ?? null,
      quantity: i.quantity ?? null,
      instructions: i.instructions ?? null,
    })),
  });
}

export function refillDraft(p: PrescriptionWithItems): RefillDraft {
  const issued = isoOrNull(p.issued_at)?.slice(0, 10);
  return {
    kind: 'refill',
    source_prescription_id: Number(p.id),
    item_summary: itemSummary(p.items),
    notes: `Refill of prescription #${p.id} issued by ${p.tenant_name} on ${issued}.`,
    pet_id: Number(p.pet_id),
  };
}
