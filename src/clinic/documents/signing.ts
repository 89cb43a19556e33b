// Signed links. A link names what it opens (a document of a pet, a pet's photo) and an expiry (unix
// seconds), signed with HMAC-SHA256 under the application's own URL-signing key (made once, kept
// in app_secrets, so every daemon on the database verifies every other's links). The link alone
// authorises the download: no bearer token, so it can go into an <a href> or an image tag.
import type { Clock } from '../../core/clock.js';
import { appSecret } from '../../core/app-secrets.js';
import { hmacSha256Hex, safeEqual } from '../../core/crypto.js';
import { ForbiddenError } from '../../core/errors.js';
import type { Services } from '../../core/services.js';

export const DOWNLOAD_TTL_SECONDS = 5 * 60;
const KEY_NAME = 'url-signing';

/** The signing key. Fetch it on the pool (a route's reply, an operation's prepare or a read). */
export async function signingKey(services: Services): Promise<Buffer> {
  return appSecret(services.db, services.clock, KEY_NAME);
}

export const unixNow = (clock: Clock) => Math.floor(clock.now().getTime() / 1000);

/** The hex signature of `subject` (a purpose and its ids, colon-separated) until `expires`. */
export function signLink(key: Buffer, subject: string, expires: number): string {
  return hmacSha256Hex(key, `${subject}:${expires}`);
}

/**
 * 403 unless `signature` is ours for `subject` and expiry, and the expiry has not passed. `record`
 * names what to fetch again for a fresh link.
 */
export async function verifyLink(
  services: Services,
  subject: string,
  link: { expires?: string; signature?: string },
  record: string,
): Promise<void> {
  const { expires, signature } = link;
  const wellFormed =
    typeof expires === 'string' && /^[0-9]{1,12}$/.test(expires) && typeof signature === 'string';
  const expected = wellFormed ? signLink(await signingKey(services), subject, Number(expires)) : '';
  if (!wellFormed || !safeEqual(expected, signature.toLowerCase())) {
    throw new ForbiddenError('The download link is invalid.', 'INVALID_SIGNATURE');
  }
  if (unixNow(services.clock) > Number(expires)) {
    throw new ForbiddenError(
      `The download link has expired; fetch the ${record} again for a fresh one.`,
      'LINK_EXPIRED',
    );
  }
}

const documentSubject = (petId: number, documentId: number) => `pet-document-download:${petId}:${documentId}`;

export async function signedDownloadUrl(
  services: Services,
  petId: number,
  documentId: number,
): Promise<string> {
  const expires = unixNow(services.clock) + DOWNLOAD_TTL_SECONDS;
  const signature = signLink(await signingKey(services), documentSubject(petId, documentId), expires);
  return (
    `${services.config.clinic.publicUrl}/api/v1/owner/me/pets/${petId}/documents/${documentId}/download` +
    `?expires=${expires}&signature=${signature}`
  );
}

/** 403 unless `signature` is ours for this pet, document and expiry, and the expiry has not passed. */
export function verifyDownload(
  services: Services,
  input: { petId: number; documentId: number; expires?: string; signature?: string },
): Promise<void> {
  return verifyLink(services, documentSubject(input.petId, input.documentId), input, 'document');
}
