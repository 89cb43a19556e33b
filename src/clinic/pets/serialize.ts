// The pet resource: the contract's fields plus its Client and photo_url (a signed link, see
// pet-photos/links.ts; null when the pet has no photo). Every narrower view of a pet (a list row's
// ref, a caregiver's summary, a share's preview, the public tag) is a slice of the same fields,
// declared here so they cannot disagree about what a field is.
import {
  Data,
  DateOnly,
  DateTime,
  Enum,
  Int,
  Nullable,
  Num,
  Obj,
  Str,
  type Shape,
  fromRow,
} from '../../core/shape.js';

import { ClientOfTenant } from '../clients/serialize.js';
import { PageOf } from '../pagination.js';
import type { PhotoLinks } from '../pet-photos/links.js';
import { PET_SEXES, PET_WEIGHT_MAX_KG } from './schemas.js';

/** A pet named on another resource (an invoice line's pet). */
export const PetName = Obj({ id: Int(), name: Str(), species: Str() });

/** A pet named on a list row (appointments, orders). */
export const PetRef = Obj({ ...PetName.properties, breed: Nullable(Str()) });

/** What a finder sees of a pet on its public tag: no ids. */
export const PetLooks = Obj({
  name: Str(),
  species: Str(),
  breed: Nullable(Str()),
  sex: Enum(PET_SEXES),
  color: Nullable(Str()),
});

/** What a share code's preview shows: the looks and the age, no ids. */
export const PetPreview = Obj({ ...PetLooks.properties, date_of_birth: Nullable(DateOnly()) });

/** The identification fields of a pet, as a caregiver or a seller sees them. */
export const PetSummary = Obj({
  id: Int(),
  tenant_id: Int(),
  ...PetPreview.properties,
  microchip_id: Nullable(Str()),
});
export type PetSummaryView = Shape<typeof PetSummary>;

/** The patient record without its links (what a redeemed share moves). */
export const PetRecord = Obj({
  ...PetSummary.properties,
  client_id: Int(),
  weight_kg: Nullable(Num({ minimum: 0, maximum: PET_WEIGHT_MAX_KG })),
  created_at: DateTime(),
  updated_at: DateTime(),
});

export const Pet = Obj({
  ...PetRecord.properties,
  photo_url: Nullable(
    Str({
      format: 'uri',
      description:
        'signed link to the photo (JPEG, at most 1024×1024), no bearer token needed; valid one to two hours; null: no photo',
    }),
  ),
  deceased_on: Nullable(
    DateOnly({ description: 'the day the pet died (an extension beyond the contract); null: alive' }),
  ),
  client: ClientOfTenant,
});
export type PetView = Shape<typeof Pet>;

export const PetPage = PageOf(Pet);

/** The responses of a route answering one pet. */
export const petBody = (status: number, description: string) => ({
  [status]: { description, schema: Data(Pet) },
});

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The pet record's own columns (no photo, no client). */
export function serializePetRecord(row: Record<string, any>): Shape<typeof PetRecord> {
  return fromRow(PetRecord, row, {
    sex: row.sex ?? 'unknown',
    weight_kg: num(row.weight_kg),
  });
}

export function serializePet(row: Record<string, any>, photoLinks: PhotoLinks): PetView {
  // The record's timestamps stay last, as the resource has always listed them.
  const { created_at, updated_at, ...record } = serializePetRecord(row);
  return {
    ...record,
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
    created_at,
    updated_at,
  };
}

/** PetRef's columns from `pets as p` joined onto another resource's row. */
export const PET_REF_COLUMNS = ['p.name as pet_name', 'p.species as pet_species', 'p.breed as pet_breed'];

/** A pet joined onto another resource's row as pet_* columns. */
export function petRef(row: Record<string, any>): Shape<typeof PetRef> {
  return {
    id: Number(row.pet_id),
    name: row.pet_name,
    species: row.pet_species,
    breed: row.pet_breed ?? null,
  };
}
