// The share resource, the public preview and the redeem result.
import { Bool, DateTime, Enum, Int, Nullable, Obj, Str, type Shape, fromRow } from '../../core/shape.js';
import { fromDbTime } from '../../db/time.js';
import { PageOf } from '../pagination.js';
import { PetPreview, PetRecord, serializePetRecord } from '../pets/serialize.js';
import { SHARE_CODE_LENGTH } from './codes.js';

export const SHARE_STATUSES = ['active', 'expired', 'revoked', 'redeemed'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

const Code = Str({ minLength: SHARE_CODE_LENGTH, maxLength: SHARE_CODE_LENGTH });

export const Share = Obj({
  id: Int(),
  code: Code,
  pet_id: Int(),
  expires_at: DateTime(),
  note: Nullable(Str()),
  status: Enum(SHARE_STATUSES),
  revoked: Bool(),
  revoked_at: Nullable(DateTime()),
  redeemed_at: Nullable(DateTime()),
  created_at: DateTime(),
});
export type ShareView = Shape<typeof Share>;

export const SharePage = PageOf(Share);

/** GET /shares/{code}: what anyone holding the code may see before redeeming it. */
export const SharePreview = Obj({
  code: Code,
  expires_at: DateTime(),
  note: Nullable(Str()),
  pet: PetPreview,
  owner: Obj({ name: Str() }),
});
export type SharePreview = Shape<typeof SharePreview>;

/** The pet as the share endpoints show it (the pets slice owns the full patient resource). */
export type SharedPet = Shape<typeof PetRecord>;

/** POST /shares/redeem: the pet, now the scanning tenant's, and the owner's Client row there. */
export const Redeemed = Obj({ pet: PetRecord, client_id: Int(), message: Str() });

export function shareStatus(row: Record<string, any>, now: Date): ShareStatus {
  if (row.redeemed_at) return 'redeemed';
  if (row.revoked_at) return 'revoked';
  return fromDbTime(row.expires_at)!.getTime() > now.getTime() ? 'active' : 'expired';
}

export function serializeShare(row: Record<string, any>, now: Date): ShareView {
  return fromRow(Share, row, {
    status: shareStatus(row, now),
    revoked: row.revoked_at !== null,
  });
}

export const serializeSharedPet = serializePetRecord;

/** What anyone holding the code may see before redeeming it: no ids, no contact details. */
export function serializePreview(row: Record<string, any>): SharePreview {
  return fromRow(SharePreview, row, {
    pet: {
      name: row.pet_name,
      species: row.species,
      breed: row.breed ?? null,
      sex: row.sex ?? 'unknown',
      date_of_birth: row.date_of_birth ?? null,
      color: row.color ?? null,
    },
    owner: { name: row.owner_name },
  });
}
