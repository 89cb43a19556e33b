// A shift assignment as the API shows it.
import { isoOrNull } from '../../db/time.js';

export interface ShiftView {
  id: number;
  employee_id: number;
  organization_unit_id: number;
  assigned_for: string;
  starts_at: string | null;
  ends_at: string | null;
  state: string;
  cancelled_at: string | null;
  created_at: string | null;
}

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

export const SHIFT_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    employee_id: { type: 'integer' },
    organization_unit_id: { type: 'integer' },
    assigned_for: { type: 'string', format: 'date' },
    starts_at: { type: 'string', nullable: true, example: '09:00:00' },
    ends_at: { type: 'string', nullable: true, example: '17:00:00' },
    state: { type: 'string', enum: ['planned', 'cancelled'] },
    cancelled_at: { type: 'string', format: 'date-time', nullable: true },
    created_at: { type: 'string', format: 'date-time', nullable: true },
  },
};
