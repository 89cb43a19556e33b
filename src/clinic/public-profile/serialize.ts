// The public profile as its owner sees it, and the public tag as anyone sees it.
import { isoOrNull } from '../../db/time.js';

export const publicUrl = (base: string, slug: string) => `${base}/p/${slug}`;

export function serializeProfile(row: Record<string, any>, base: string) {
  const lostSince = isoOrNull(row.lost_mode_enabled_at);
  return {
    pet_id: Number(row.pet_id),
    slug: row.slug,
    enabled: Boolean(row.enabled),
    public_url: publicUrl(base, row.slug),
    microchip_id: row.microchip_id ?? null,
    owner_contact_phone: row.owner_contact_phone ?? null,
    reward_notes: row.reward_notes ?? null,
    lost_mode: lostSince !== null,
    lost_since: lostSince,
    lost_mode_enabled_at: lostSince,
  };
}

export type ProfileView = ReturnType<typeof serializeProfile>;

/**
 * The public tag. Only what the owner put on the tag is shown: the microchip number appears when the
 * owner entered it on the profile (the opt-in); the pet record's own microchip_id never does.
 */
export function serializeTag(row: Record<string, any>, base: string) {
  const lostSince = isoOrNull(row.lost_mode_enabled_at);
  return {
    slug: row.slug,
    public_url: publicUrl(base, row.slug),
    pet: {
      name: row.pet_name,
      species: row.species,
      breed: row.breed ?? null,
      sex: row.sex ?? 'unknown',
      color: row.color ?? null,
    },
    microchip_id: row.microchip_id ?? null,
    owner_contact_phone: row.owner_contact_phone ?? null,
    reward_notes: row.reward_notes ?? null,
    lost_mode: lostSince !== null,
    lost_since: lostSince,
  };
}

export type PublicTag = ReturnType<typeof serializeTag>;

const nullableStr = { type: 'string', nullable: true };
const lostSince = { type: 'string', format: 'date-time', nullable: true };

export const PROFILE_JSON = {
  type: 'object',
  required: [
    'slug',
    'enabled',
    'public_url',
    'microchip_id',
    'owner_contact_phone',
    'reward_notes',
    'lost_mode',
    'lost_since',
  ],
  properties: {
    pet_id: { type: 'integer' },
    slug: { type: 'string', minLength: 8, maxLength: 8 },
    enabled: { type: 'boolean' },
    public_url: { type: 'string', format: 'uri' },
    microchip_id: { ...nullableStr, maxLength: 40 },
    owner_contact_phone: { ...nullableStr, maxLength: 40 },
    reward_notes: { ...nullableStr, maxLength: 1000 },
    lost_mode: { type: 'boolean' },
    lost_since: lostSince,
    lost_mode_enabled_at: { ...lostSince, description: 'the same instant as lost_since' },
  },
};

export const TAG_JSON = {
  type: 'object',
  properties: {
    slug: { type: 'string' },
    public_url: { type: 'string', format: 'uri' },
    pet: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        species: { type: 'string' },
        breed: nullableStr,
        sex: { type: 'string' },
        color: nullableStr,
      },
    },
    microchip_id: { ...nullableStr, description: 'only when the owner put it on the tag' },
    owner_contact_phone: nullableStr,
    reward_notes: nullableStr,
    lost_mode: { type: 'boolean' },
    lost_since: lostSince,
  },
};
