// The vaccination resource.
import { DateOnly, DateTime, Int, List, Nullable, Obj, Str, type Shape } from '../../core/shape.js';
import { iso } from '../../db/time.js';

export const Vaccination = Obj({
  id: Int(),
  pet_id: Int(),
  name: Str(),
  administered_at: DateOnly(),
  next_due_at: Nullable(DateOnly()),
  notes: Nullable(Str()),
  lot_number: Nullable(Str()),
  recorded_by_user_id: Nullable(Int()),
  created_at: DateTime(),
  updated_at: DateTime(),
});
export type VaccinationView = Shape<typeof Vaccination>;

/** GET /owner/me/pets/{pet}/vaccinations: the whole list, not paginated (as the contract says). */
export const VaccinationList = Obj({ data: List(Vaccination) });

export function serializeVaccination(row: Record<string, any>): VaccinationView {
  return {
    id: Number(row.id),
    pet_id: Number(row.pet_id),
    name: row.name,
    administered_at: row.administered_at,
    next_due_at: row.next_due_at ?? null,
    notes: row.notes ?? null,
    lot_number: row.lot_number ?? null,
    recorded_by_user_id: row.recorded_by_user_id === null ? null : Number(row.recorded_by_user_id),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
