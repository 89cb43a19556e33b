// The vaccination resource.
import { DateOnly, DateTime, Int, List, Nullable, Obj, Str, type Shape, fromRow } from '../../core/shape.js';

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
  return fromRow(Vaccination, row, {});
}
