// Tokens, hashes, HMAC signatures and constant-time comparison.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random string over [A-Za-z0-9] without modulo bias. */
export function randomToken(length = 48): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export function sha256Hex(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmacSha256Hex(secret: string | Buffer, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Constant-time string equality; different lengths compare unequal without leaking where. */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  if (ab.length !== bb.length) {
    timingSafeEqual(ab, ab);
    return false;
  }
  return timingSafeEqual(ab, bb);
}

/** `<id>|<secret>` bearer tokens: the id finds the row, the secret is compared by its SHA-256. */
export interface IssuedToken {
  plain: string;
  hash: string;
}

export function newTokenSecret(length = 48): IssuedToken {
  const secret = randomToken(length);
  return { plain: secret, hash: sha256Hex(secret) };
}

export function splitBearer(token: string): { id: number; secret: string } | null {
  const bar = token.indexOf('|');
  if (bar <= 0) return null;
  const idText = token.slice(0, bar);
  const secret = token.slice(bar + 1);
  if (!/^[1-9][0-9]{0,15}$/.test(idText) || secret.length < 20 || secret.length > 200) return null;
  return { id: Number(idText), secret };
}
