// Signed download links. A link names the pet, the document and an expiry (unix seconds), signed
// with HMAC-SHA256 under the application's own URL-signing key (made once, kept in app_secrets,
// so every daemon on the database verifies every other's links). The link alone authorises the
// download: no bearer token, so it can go into an <a href> or an image tag.
import type { Clock } from '../../core/clock.js';
import { appSecret } from '../../core/app-secrets.js';
import { hmacSha256Hex, safeEqual } from '../../core/crypto.js';
import { ForbiddenError } from '../../core/errors.js';
import type { Services } from '../../core/services.js';

export const DOWNLOAD_TTL_SECONDS = 5 * 60;
const KEY_NAME = 'url-signing';

function payload(petId: number, documentId: number, expires: number): string {
  return `pet-document-download:${petId}:${documentId}:${expires}`;
}

async function key(services: Services): Promise<Buffer> {
  return appSecret(services.db, services.clock, KEY_NAME);
}

const unixNow = (clock: Clock) => Math.floor(clock.now().getTime() / 1000);

export async function signedDownloadUrl(
  services: Services,
  petId: number,
  documentId: number,
): Promise<string> {
  const expires = unixNow(services.clock) + DOWNLOAD_TTL_SECONDS;
  const signature = hmacSha256Hex(await key(services), payload(petId, documentId, expires));
  return (
    `${services.config.clinic.publicUrl}/api/v1/owner/me/pets/${petId}/documents/${documentId}/download` +
    `?expires=${expires}&signature=${signature}`
  );
}

/** 403 unless `signature` is ours for this pet, document and expiry, and the expiry has not passed. */
export async function verifyDownload(
  services: Services,
  input: { petId: number; documentId: number; expires?: string; signature?: string },
): Promise<void> {
  const { expires, signature } = input;
  const wellFormed =
    typeof expires === 'string' && /^[0-9]{1,12}$/.test(expires) && typeof signature === 'string';
  const expected = wellFormed
    ? hmacSha256Hex(await key(services), payload(input.petId, input.documentId, Number(expires)))
    : '';
  if (!wellFormed || !safeEqual(expected, signature.toLowerCase())) {
    throw new ForbiddenError('The download link is invalid.', 'INVALID_SIGNATURE');
  }
  if (unixNow(services.clock) > Number(expires)) {
    throw new ForbiddenError(
      'The download link has expired; fetch the document again for a fresh one.',
      'LINK_EXPIRED',
    );
  }
}
