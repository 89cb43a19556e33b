// Short codes people read aloud or type from a screen: no 0/O, 1/I/L look-alikes.
import { randomBytes } from 'node:crypto';

/** Share codes: upper case, 31 symbols, 8 characters (31^8 ≈ 8.5·10^11). */
export const SHARE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const SHARE_CODE_LENGTH = 8;

/** A random string over `alphabet` without modulo bias (bytes past the last full cycle are dropped). */
export function randomCode(alphabet: string, length: number): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit) out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

export const newShareCode = () => randomCode(SHARE_CODE_ALPHABET, SHARE_CODE_LENGTH);

/** Codes are compared upper-cased and trimmed, so a typed "abcd2345" works on both dialects. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();
