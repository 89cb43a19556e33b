// The one-click opt-out link of a reminder: /r/{tenant}.{user}.{hmac}. The HMAC-SHA256 under the
// application's own reminder key (app_secrets, made once, shared by every daemon on the database)
// binds the recipient and the tenant, so a token cannot be made up or edited to opt another owner
// out; it is compared in constant time. The token is the same in every message to that recipient
// from that tenant: using it twice only says it was already done. The MAC is cut to its first 128
// bits (32 hex digits; still beyond guessing) so the whole link stays under 72 columns: the mail's
// text part is wrapped there, and a shorter line travels unbroken (no quoted-printable soft breaks).
import { appSecret } from '../../core/app-secrets.js';
import { hmacSha256Hex, safeEqual } from '../../core/crypto.js';
import type { Services } from '../../core/services.js';

const KEY_NAME = 'reminder-opt-out';

/** The signing key. Fetch it on the pool (a prepare step or a read), never inside a transaction. */
export function optOutKey(services: Services): Promise<Buffer> {
  return appSecret(services.db, services.clock, KEY_NAME);
}

const subject = (tenantId: number, userId: number) => `reminder-opt-out:${tenantId}:${userId}`;
const MAC_HEX = 32;
const mac = (key: Buffer, tenantId: number, userId: number) =>
  hmacSha256Hex(key, subject(tenantId, userId)).slice(0, MAC_HEX);

export function optOutToken(key: Buffer, tenantId: number, userId: number): string {
  return `${tenantId}.${userId}.${mac(key, tenantId, userId)}`;
}

export function optOutUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/r/${token}`;
}

/** Who the token speaks for, or null when it is not one of ours. */
export function readOptOutToken(key: Buffer, token: string): { tenantId: number; userId: number } | null {
  const m = /^([1-9][0-9]{0,15})\.([1-9][0-9]{0,15})\.([0-9a-f]{32})$/.exec(token);
  if (!m) return null;
  const [tenantId, userId] = [Number(m[1]), Number(m[2])];
  const expected = mac(key, tenantId, userId);
  return safeEqual(expected, m[3]) ? { tenantId, userId } : null;
}
