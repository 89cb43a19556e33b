// The public profile as its owner sees it, and the public tag as anyone sees it.
import { Bool, DateTime, Int, Nullable, Obj, Str, type Shape, fromRow } from '../../core/shape.js';
import { isoOrNull } from '../../db/time.js';
import { tagPhotoPath } from '../pet-photos/links.js';
import { PetLooks } from '../pets/serialize.js';
import { PUBLIC_PROFILE_LIMITS } from './schemas.js';

const LostSince = Nullable(DateTime({ description: 'when lost mode was turned on; null: not lost' }));

/** The tag's settings, as its owner sees them. */
export const PublicProfile = Obj({
  pet_id: Int(),
  slug: Str({ minLength: 8, maxLength: 8, description: 'minted on the first enable and kept' }),
  enabled: Bool(),
  public_url: Str({ format: 'uri' }),
  microchip_id: Nullable(Str({ maxLength: PUBLIC_PROFILE_LIMITS.microchip_id })),
  owner_contact_phone: Nullable(Str({ maxLength: PUBLIC_PROFILE_LIMITS.owner_contact_phone })),
  reward_notes: Nullable(Str({ maxLength: PUBLIC_PROFILE_LIMITS.reward_notes })),
  show_owner_contact: Bool({
    description:
      'when the tag has no owner_contact_phone, the tag page offers the owner’s account phone (never the e-mail)',
  }),
  lost_mode: Bool(),
  lost_since: LostSince,
  lost_mode_enabled_at: Nullable(DateTime({ description: 'the same instant as lost_since' })),
});
export type ProfileView = Shape<typeof PublicProfile>;

/** The public tag, as anyone sees it at /p/{slug}. */
export const PublicTag = Obj({
  slug: Str(),
  public_url: Str({ format: 'uri' }),
  pet: PetLooks,
  microchip_id: Nullable(Str({ description: 'only when the owner put it on the tag' })),
  owner_contact_phone: Nullable(Str({ description: 'the tag’s own phone' })),
  contact_phone: Nullable(
    Str({
      description:
        'the number to call: the tag’s own phone, else the owner’s when the owner opted in (show_owner_contact)',
    }),
  ),
  photo_url: Nullable(Str({ format: 'uri', description: 'the pet’s photo (JPEG), public while the tag is' })),
  reward_notes: Nullable(Str()),
  lost_mode: Bool(),
  lost_since: LostSince,
});
export type PublicTag = Shape<typeof PublicTag>;

export const publicUrl = (base: string, slug: string) => `${base}/p/${slug}`;

export function serializeProfile(row: Record<string, any>, base: string): ProfileView {
  const lostSince = isoOrNull(row.lost_mode_enabled_at);
  return fromRow(PublicProfile, row, {
    enabled: Boolean(row.enabled),
    public_url: publicUrl(base, row.slug),
    show_owner_contact: Boolean(row.show_owner_contact),
    lost_mode: lostSince !== null,
    lost_since: lostSince,
    lost_mode_enabled_at: lostSince,
  });
}

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
export function serializeTag(row: Record<string, any>, base: string): PublicTag {
  const lostSince = isoOrNull(row.lost_mode_enabled_at);
  return fromRow(PublicTag, row, {
    public_url: publicUrl(base, row.slug),
    pet: {
      name: row.pet_name,
      species: row.species,
      breed: row.breed ?? null,
      sex: row.sex ?? 'unknown',
      color: row.color ?? null,
    },
    contact_phone: tagContactPhone(row),
    photo_url: row.photo_storage_name ? `${base}${tagPhotoPath(row.slug, row.photo_storage_name)}` : null,
    lost_mode: lostSince !== null,
    lost_since: lostSince,
  });
}
