// The public profile as its owner sees it, and the public tag as anyone sees it.
import { isoOrNull } from '../../db/time.js';
import { tagPhotoPath } from '../pet-photos/links.js';

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
    show_owner_contact: Boolean(row.show_owner_contact),
    lost_mode: lostSince !== null,
    lost_since: lostSince,
    lost_mode_enabled_at: lostSince,
  };
}

export type ProfileView = ReturnType<typeof serializeProfile>;

const filled = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * The number a finder calls: the tag's own phone; when it has none and the owner opted in
 * (show_owner_contact), the owner's account phone, else the phone on their Client row. Never an
 * e-mail address: a published address is harvested, and a finder with a phone can call.
 */
export function tagContactPhone(row: Record<string, any>): string | null {
  const own = filled(row.owner_contact_phone);
  if (own || !row.show_owner_contact) return own;
  return filled(row.owner_phone) ?? filled(row.client_phone);
}

/**
 * The public tag. Only what the owner put on the tag is shown: the microchip number appears when the
 * owner entered it on the profile (the opt-in); the pet record's own microchip_id never does. The
 * photo is the pet's own, served from this origin at /p/{slug}/photo while the tag is published.
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
    contact_phone: tagContactPhone(row),
    photo_url: row.photo_storage_name ? `${base}${tagPhotoPath(row.slug, row.photo_storage_name)}` : null,
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
    show_owner_contact: {
      type: 'boolean',
      description:
        'when the tag has no owner_contact_phone, the tag page offers the owner’s account phone (never the e-mail)',
    },
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
    owner_contact_phone: { ...nullableStr, description: 'the tag’s own phone' },
    contact_phone: {
      ...nullableStr,
      description:
        'the number to call: the tag’s own phone, else the owner’s when the owner opted in (show_owner_contact)',
    },
    photo_url: {
      ...nullableStr,
      format: 'uri',
      description: 'the pet’s photo (JPEG), public while the tag is',
    },
    reward_notes: nullableStr,
    lost_mode: { type: 'boolean' },
    lost_since: lostSince,
  },
};
