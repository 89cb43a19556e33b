// A shift assignment as the API shows it.
import { DateOnly, DateTime, Enum, Int, Nullable, Obj, Str, type Shape, fromRow } from '../../core/shape.js';

export const SHIFT_STATES = ['planned', 'cancelled'] as const;

/** The contract's ShiftAssignment. */
export const ShiftAssignment = Obj({
  id: Int(),
  employee_id: Int(),
  organization_unit_id: Int(),
  assigned_for: DateOnly(),
  starts_at: Nullable(Str({ example: '09:00:00' })),
  ends_at: Nullable(Str({ example: '17:00:00' })),
  state: Enum(SHIFT_STATES),
  cancelled_at: Nullable(DateTime()),
  created_at: Nullable(DateTime()),
});
export type ShiftView = Shape<typeof ShiftAssignment>;

export function serializeShift(row: any): ShiftView {
  return fromRow(ShiftAssignment, row, {});
}
