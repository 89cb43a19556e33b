// Where a pet's photo is fetched. The pet resource's photo_url is a signed link (no bearer token, so
// it fits an <img src>): it names the pet and the photo's version, and expires at the end of the
// next whole hour, so every response within one hour hands out the same URL and a client's image
// cache works. A new photo is a new version: an old link then answers 404. The public tag page
// serves the photo of a published tag at /p/{slug}/photo, from the page's own origin.
import type { Services } from '../../core/services.js';
import { signingKey, signLink, unixNow, verifyLink } from '../documents/signing.js';

export const PHOTO_LINK_WINDOW_SECONDS = 60 * 60;

/** The part of the random storage name that versions the photo in URLs (never a path). */
export const photoVersion = (storageName: string) => storageName.slice(0, 16);

const subject = (petId: number, version: string) => `pet-photo:${petId}:${version}`;

/** Makes photo_url for pets; fetch it on the pool (a read, a steps operation, a prepare). */
export type PhotoLinks = (pet: Record<string, any>) => string | null;

export async function photoLinks(services: Services): Promise<PhotoLinks> {
  const key = await signingKey(services);
  const window = PHOTO_LINK_WINDOW_SECONDS;
  const expires = (Math.floor(unixNow(services.clock) / window) + 2) * window;
  const base = services.config.clinic.publicUrl;
  return (pet) => {
    if (!pet.photo_storage_name) return null;
    const id = Number(pet.id);
    const v = photoVersion(pet.photo_storage_name);
    const signature = signLink(key, subject(id, v), expires);
    return `${base}/api/v1/pets/${id}/photo?v=${v}&expires=${expires}&signature=${signature}`;
  };
}

/** 403 unless the link is ours for this pet and version and still valid. */
export function verifyPhotoLink(
  services: Services,
  petId: number,
  link: { v?: string; expires?: string; signature?: string },
): Promise<void> {
  return verifyLink(services, subject(petId, String(link.v ?? '')), link, 'pet');
}

/** The public tag's photo path: same origin as the page, versioned so a new photo is fetched anew. */
export const tagPhotoPath = (slug: string, storageName: string) =>
  `/p/${slug}/photo?v=${photoVersion(storageName)}`;
