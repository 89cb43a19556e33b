// The pet resource: the contract's fields plus its Client and photo_url (a signed link, see
// pet-photos/links.ts; null when the pet has no photo).
import { isoOrNull } from '../../db/time.js';
import type { PhotoLinks } from '../pet-photos/links.js';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function serializePet(row: Record<string, any>, photoLinks: PhotoLinks) {
  return {
    id: Number(row.id),
    tenant_id: Number(row.tenant_id),
    client_id: Number(row.client_id),
    name: row.name,
    species: row.species,
    breed: row.breed ?? null,
    sex: row.sex,
    date_of_birth: row.date_of_birth ?? null,
    color: row.color ?? null,
    microchip_id: row.microchip_id ?? null,
    weight_kg: num(row.weight_kg),
    photo_url: photoLinks(row),
    deceased_on: row.deceased_on ?? null,
    client: {
      id: Number(row.client_id),
      tenant_id: Number(row.client_tenant_id),
      owner_user_id: num(row.client_owner_user_id),
      name: row.client_name,
      email: row.client_email ?? null,
      phone: row.client_phone ?? null,
    },
    created_at: isoOrNull(row.created_at),
    updated_at: isoOrNull(row.updated_at),
  };
}

export type PetView = ReturnType<typeof serializePet>;

const nullableStr = { type: 'string', nullable: true };

export const PET_CLIENT_JSON = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    tenant_id: { type: 'integer' },
    owner_user_id: { type: 'integer', nullable: true },
    name: { type: 'string' },
    email: nullableStr,
    phone: nullableStr,
  },
};

export const PET_JSON = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    tenant_id: { type: 'integer' },
    client_id: { type: 'integer' },
    name: { type: 'string' },
    species: { type: 'string' },
    breed: nullableStr,
    sex: { type: 'string', enum: ['male', 'female', 'unknown'] },
    date_of_birth: { type: 'string', format: 'date', nullable: true },
    color: nullableStr,
    microchip_id: nullableStr,
    weight_kg: { type: 'number', nullable: true },
    photo_url: {
      type: 'string',
      format: 'uri',
      nullable: true,
      description:
        'signed link to the photo (JPEG, at most 1024×1024), no bearer token needed; valid one to two hours; null: no photo',
    },
    deceased_on: {
      type: 'string',
      format: 'date',
      nullable: true,
      description: 'the day the pet died (an extension beyond the contract); null: alive',
    },
    client: PET_CLIENT_JSON,
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};

export const petBody = (status: number, description: string) => ({
  [status]: { description, schema: { type: 'object', properties: { data: PET_JSON } } },
});
