// A shift assignment as the API shows it.
import { DateOnly, DateTime, Enum, Int, Nullable, Obj, Str, type Shape } from '../../core/shape.js';
import { isoOrNull } from '../../db/time.js';

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
  return {
    id: Number(row.id),
    employee_id: Number(row.employee_id),
    organization_unit_id: Number(row.organization_unit_id),
    assigned_for: row.assigned_for,
    starts_at: row.starts_at ?? null,
    ends_at: row.ends_at ?? null,
    state: row.state,
    cancelled_at: isoOrNull(row.cancelled_at),
    created_at: isoOrNull(row.created_at),
  };
}
