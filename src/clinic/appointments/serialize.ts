// The appointment resource, with its pet, client and veterinarian (null when none is assigned).
import { isoOrNull } from '../../db/time.js';
import { APPOINTMENT_STATUSES } from './schemas.js';

export function serializeAppointment(row: Record<string, any>) {
  const vetId = row.veterinarian_user_id === null ? null : Number(row.veterinarian_user_id);
  return {
    id: Number(row.id),
    tenant_id: Number(row.tenant_id),
    pet_id: Number(row.pet_id),
    client_id: Number(row.client_id),
    veterinarian_user_id: vetId,
    scheduled_at: isoOrNull(row.scheduled_at),
    duration_minutes: Number(row.duration_minutes),
    ends_at: isoOrNull(row.ends_at),
    status: row.status,
    reason: row.reason ?? null,
    notes: row.notes ?? null,
    pet: {
      id: Number(row.pet_id),
      name: row.pet_name,
      species: row.pet_species,
      breed: row.pet_breed ?? null,
    },
    client: {
      id: Number(row.client_id),
      owner_user_id: row.client_owner_user_id === null ? null : Number(row.client_owner_user_id),
      name: row.client_name,
      email: row.client_email ?? null,
      phone: row.client_phone ?? null,
    },
    veterinarian: vetId === null ? null : { id: vetId, name: row.vet_name, email: row.vet_email },
    created_at: isoOrNull(row.created_at),
    updated_at: isoOrNull(row.updated_at),
  };
}

export type AppointmentView = ReturnType<typeof serializeAppointment>;

const nullableStr = { type: 'string', nullable: true };
const ref = (properties: Record<string, unknown>, nullable = false) => ({
  type: 'object',
  nullable,
  properties: { id: { type: 'integer' }, ...properties },
});

export const APPOINTMENT_JSON = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    tenant_id: { type: 'integer' },
    pet_id: { type: 'integer' },
    client_id: { type: 'integer' },
    veterinarian_user_id: { type: 'integer', nullable: true },
    scheduled_at: { type: 'string', format: 'date-time' },
    duration_minutes: { type: 'integer', minimum: 1, description: 'length of the appointment' },
    ends_at: {
      type: 'string',
      format: 'date-time',
      nullable: true,
      description: 'scheduled_at + duration_minutes: the slot is [scheduled_at, ends_at)',
    },
    status: { type: 'string', enum: [...APPOINTMENT_STATUSES] },
    reason: nullableStr,
    notes: nullableStr,
    pet: ref({ name: { type: 'string' }, species: { type: 'string' }, breed: nullableStr }),
    client: ref({
      owner_user_id: { type: 'integer', nullable: true },
      name: { type: 'string' },
      email: nullableStr,
      phone: nullableStr,
    }),
    veterinarian: ref({ name: { type: 'string' }, email: { type: 'string' } }, true),
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};
