// The share resource, the public preview and the redeem result, with their JSON Schemas.
import { fromDbTime, isoOrNull } from '../../db/time.js';

export type ShareStatus = 'active' | 'expired' | 'revoked' | 'redeemed';

export function shareStatus(row: Record<string, any>, now: Date): ShareStatus {
  if (row.redeemed_at) return 'redeemed';
  if (row.revoked_at) return 'revoked';
  return fromDbTime(row.expires_at)!.getTime() > now.getTime() ? 'active' : 'expired';
}

export function serializeShare(row: Record<string, any>, now: Date) {
  return {
    id: Number(row.id),
    code: row.code,
    pet_id: Number(row.pet_id),
    expires_at: isoOrNull(row.expires_at),
    note: row.note ?? null,
    status: shareStatus(row, now),
    revoked: row.revoked_at !== null,
    revoked_at: isoOrNull(row.revoked_at),
    redeemed_at: isoOrNull(row.redeemed_at),
    created_at: isoOrNull(row.created_at),
  };
}

export type ShareView = ReturnType<typeof serializeShare>;

/** The pet as the share endpoints show it (the pets slice owns the full patient resource). */
export function serializeSharedPet(row: Record<string, any>) {
  return {
    id: Number(row.id),
    tenant_id: Number(row.tenant_id),
    client_id: Number(row.client_id),
    name: row.name,
    species: row.species,
    breed: row.breed ?? null,
    sex: row.sex ?? 'unknown',
    date_of_birth: row.date_of_birth ?? null,
    color: row.color ?? null,
    microchip_id: row.microchip_id ?? null,
    weight_kg: row.weight_kg === null || row.weight_kg === undefined ? null : Number(row.weight_kg),
    created_at: isoOrNull(row.created_at),
    updated_at: isoOrNull(row.updated_at),
  };
}

export type SharedPet = ReturnType<typeof serializeSharedPet>;

/** What anyone holding the code may see before redeeming it: no ids, no contact details. */
export function serializePreview(row: Record<string, any>) {
  return {
    code: row.code,
    expires_at: isoOrNull(row.expires_at),
    note: row.note ?? null,
    pet: {
      name: row.pet_name,
      species: row.species,
      breed: row.breed ?? null,
      sex: row.sex ?? 'unknown',
      date_of_birth: row.date_of_birth ?? null,
      color: row.color ?? null,
    },
    owner: { name: row.owner_name },
  };
}

export type SharePreview = ReturnType<typeof serializePreview>;

const str = { type: 'string' };
const nullableStr = { type: 'string', nullable: true };
const time = { type: 'string', format: 'date-time' };

export const SHARE_JSON = {
  type: 'object',
  required: ['id', 'code', 'pet_id', 'expires_at', 'note'],
  properties: {
    id: { type: 'integer' },
    code: { type: 'string', minLength: 8, maxLength: 8 },
    pet_id: { type: 'integer' },
    expires_at: time,
    note: nullableStr,
    status: { type: 'string', enum: ['active', 'expired', 'revoked', 'redeemed'] },
    revoked: { type: 'boolean' },
    revoked_at: { ...time, nullable: true },
    redeemed_at: { ...time, nullable: true },
    created_at: time,
  },
};

export const SHARED_PET_JSON = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    tenant_id: { type: 'integer' },
    client_id: { type: 'integer' },
    name: str,
    species: str,
    breed: nullableStr,
    sex: { type: 'string', enum: ['male', 'female', 'unknown'] },
    date_of_birth: { type: 'string', format: 'date', nullable: true },
    color: nullableStr,
    microchip_id: nullableStr,
    weight_kg: { type: 'number', nullable: true },
    created_at: time,
    updated_at: time,
  },
};

export const PREVIEW_JSON = {
  type: 'object',
  properties: {
    code: str,
    expires_at: time,
    note: nullableStr,
    pet: {
      type: 'object',
      properties: {
        name: str,
        species: str,
        breed: nullableStr,
        sex: str,
        date_of_birth: { ...nullableStr, format: 'date' },
        color: nullableStr,
      },
    },
    owner: { type: 'object', properties: { name: str } },
  },
};

export const REDEEM_JSON = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      required: ['pet', 'client_id', 'message'],
      properties: { pet: SHARED_PET_JSON, client_id: { type: 'integer' }, message: str },
    },
  },
};
