// Caregiver rows as the primary owner sees them (never the token), and the pet summary shown to
// caregivers. status_label is derived from the row at read time, so an invite turns "expired" by
// itself when its time passes.
import { fromDbTime, isoOrNull } from '../../db/time.js';

export type CaregiverStatus = 'active' | 'pending' | 'expired' | 'revoked';

export function statusLabel(row: Record<string, any>, now: Date): CaregiverStatus {
  if (row.revoked_at) return 'revoked';
  if (row.accepted_at) return 'active';
  const expires = fromDbTime(row.expires_at);
  return expires && expires.getTime() <= now.getTime() ? 'expired' : 'pending';
}

export function serializeCaregiver(row: Record<string, any>, now: Date) {
  return {
    id: Number(row.id),
    pet_id: Number(row.pet_id),
    invited_email: row.invited_email,
    invited_name: row.invited_name ?? null,
    access_level: row.access_level,
    note: row.note ?? null,
    status_label: statusLabel(row, now),
    caregiver_user_id: row.caregiver_user_id == null ? null : Number(row.caregiver_user_id),
    invited_by_user_id: Number(row.invited_by_user_id),
    expires_at: isoOrNull(row.expires_at),
    accepted_at: isoOrNull(row.accepted_at),
    revoked_at: isoOrNull(row.revoked_at),
    created_at: isoOrNull(row.created_at),
    updated_at: isoOrNull(row.updated_at),
  };
}

export type CaregiverView = ReturnType<typeof serializeCaregiver>;

const str = { type: 'string' };
const nullableStr = { type: 'string', nullable: true };
const nullableTime = { type: 'string', format: 'date-time', nullable: true };

export const CAREGIVER_JSON = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    pet_id: { type: 'integer' },
    invited_email: { type: 'string', format: 'email' },
    invited_name: nullableStr,
    access_level: { type: 'string', enum: ['view', 'full'] },
    note: nullableStr,
    status_label: { type: 'string', enum: ['active', 'pending', 'expired', 'revoked'] },
    caregiver_user_id: { type: 'integer', nullable: true },
    invited_by_user_id: { type: 'integer' },
    expires_at: { type: 'string', format: 'date-time' },
    accepted_at: nullableTime,
    revoked_at: nullableTime,
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};

/** The identification fields of a pet, as a caregiver or a seller sees them. */
export function serializePetSummary(row: Record<string, any>) {
  const dob = row.date_of_birth;
  return {
    id: Number(row.id),
    tenant_id: Number(row.tenant_id),
    name: row.name,
    species: row.species,
    breed: row.breed ?? null,
    sex: row.sex ?? 'unknown',
    date_of_birth: dob ? String(dob).slice(0, 10) : null,
    color: row.color ?? null,
    microchip_id: row.microchip_id ?? null,
  };
}

export type PetSummary = ReturnType<typeof serializePetSummary>;

export const PET_SUMMARY_JSON = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    tenant_id: { type: 'integer' },
    name: str,
    species: str,
    breed: nullableStr,
    sex: { type: 'string', enum: ['male', 'female', 'unknown'] },
    date_of_birth: { type: 'string', format: 'date', nullable: true },
    color: nullableStr,
    microchip_id: nullableStr,
  },
};

export function serializeShared(row: Record<string, any>) {
  return {
    caregiver_id: Number(row.caregiver_id),
    access_level: row.access_level,
    accepted_at: isoOrNull(row.accepted_at),
    owner: { name: row.owner_name },
    pet: serializePetSummary(row),
  };
}

export type SharedPetView = ReturnType<typeof serializeShared>;

export const SHARED_JSON = {
  type: 'object',
  properties: {
    caregiver_id: { type: 'integer' },
    access_level: { type: 'string', enum: ['view', 'full'] },
    accepted_at: { type: 'string', format: 'date-time' },
    owner: { type: 'object', properties: { name: str } },
    pet: PET_SUMMARY_JSON,
  },
};
