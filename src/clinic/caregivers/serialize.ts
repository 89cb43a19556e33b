// Caregiver rows as the primary owner sees them (never the token), and the pet summary shown to
// caregivers. status_label is derived from the row at read time, so an invite turns "expired" by
// itself when its time passes.
import { DateTime, Enum, Int, Nullable, Obj, Str, type Shape, fromRow } from '../../core/shape.js';
import { fromDbTime } from '../../db/time.js';
import { PageOf } from '../pagination.js';
import { PetSummary as PetSummaryShape, type PetSummaryView } from '../pets/serialize.js';
import { ACCESS_LEVELS } from './schemas.js';

export const CAREGIVER_STATUSES = ['active', 'pending', 'expired', 'revoked'] as const;
export type CaregiverStatus = (typeof CAREGIVER_STATUSES)[number];

export const Caregiver = Obj({
  id: Int(),
  pet_id: Int(),
  invited_email: Str({ format: 'email' }),
  invited_name: Nullable(Str()),
  access_level: Enum(ACCESS_LEVELS),
  note: Nullable(Str()),
  status_label: Enum(CAREGIVER_STATUSES),
  caregiver_user_id: Nullable(Int()),
  invited_by_user_id: Int(),
  expires_at: DateTime(),
  accepted_at: Nullable(DateTime()),
  revoked_at: Nullable(DateTime()),
  created_at: DateTime(),
  updated_at: DateTime(),
});
export type CaregiverView = Shape<typeof Caregiver>;

export const CaregiverPage = PageOf(Caregiver);

/** A pet shared with the caller: whose it is and how far the caller may act on it. */
export const PetSharedWithMe = Obj({
  caregiver_id: Int(),
  access_level: Enum(ACCESS_LEVELS),
  accepted_at: DateTime(),
  owner: Obj({ name: Str() }),
  pet: PetSummaryShape,
});
export type SharedPetView = Shape<typeof PetSharedWithMe>;

export const PetSharedWithMePage = PageOf(PetSharedWithMe);

/** POST /caregivers/accept: the pet and the access level granted. */
export const AcceptedInvite = Obj({ pet: PetSummaryShape, access_level: Enum(ACCESS_LEVELS) });

export type PetSummary = PetSummaryView;

export function statusLabel(row: Record<string, any>, now: Date): CaregiverStatus {
  if (row.revoked_at) return 'revoked';
  if (row.accepted_at) return 'active';
  const expires = fromDbTime(row.expires_at);
  return expires && expires.getTime() <= now.getTime() ? 'expired' : 'pending';
}

export function serializeCaregiver(row: Record<string, any>, now: Date): CaregiverView {
  return fromRow(Caregiver, row, {
    status_label: statusLabel(row, now),
    caregiver_user_id: row.caregiver_user_id == null ? null : Number(row.caregiver_user_id),
  });
}

export function serializePetSummary(row: Record<string, any>): PetSummary {
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

export function serializeShared(row: Record<string, any>): SharedPetView {
  return fromRow(PetSharedWithMe, row, {
    owner: { name: row.owner_name },
    pet: serializePetSummary(row),
  });
}
