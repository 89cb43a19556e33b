// The vaccination resource and its JSON Schema.
import { isoOrNull } from '../../db/time.js';

export function serializeVaccination(row: Record<string, any>) {
  return {
    id: Number(row.id),
    pet_id: Number(row.pet_id),
    name: row.name,
    administered_at: row.administered_at,
    next_due_at: row.next_due_at ?? null,
    notes: row.notes ?? null,
    lot_number: row.lot_number ?? null,
    recorded_by_user_id: row.recorded_by_user_id === null ? null : Number(row.recorded_by_user_id),
    created_at: isoOrNull(row.created_at),
    updated_at: isoOrNull(row.updated_at),
  };
}

export type VaccinationView = ReturnType<typeof serializeVaccination>;

const date = { type: 'string', format: 'date' };
const nullableStr = { type: 'string', nullable: true };

export const VACCINATION_JSON = {
  type: 'object',
  required: ['id', 'pet_id', 'name', 'administered_at'],
  properties: {
    id: { type: 'integer' },
    pet_id: { type: 'integer' },
    name: { type: 'string' },
    administered_at: date,
    next_due_at: { ...date, nullable: true },
    notes: nullableStr,
    lot_number: nullableStr,
    recorded_by_user_id: { type: 'integer', nullable: true },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};
