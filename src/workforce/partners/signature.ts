// X-Attendance-Signature (contract, Authentication 9): `t=<unix>,v1=<hex>` where hex is the
// lowercase HMAC-SHA256 of `<t>.<body>` under the partner's signing secret. During a secret rotation
// the header carries one v1 per secret (current first, then the next one), so a receiver holding
// either secret accepts it. The same module is the receiver-side verifier (`wfctl partner verify`).
import { hmacSha256Hex, safeEqual } from '../../core/crypto.js';

/** Signatures older (or further in the future) than this are refused, to block replays. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signatureHeader(input: {
  secrets: string[];
  timestamp: number;
  body: string | Buffer;
}): string {
  const payload = signedPayload(input.timestamp, input.body);
  const parts = [`t=${input.timestamp}`];
  for (const secret of input.secrets) parts.push(`v1=${hmacSha256Hex(secret, payload)}`);
  return parts.join(',');
}

function signedPayload(timestamp: number, body: string | Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`${timestamp}.`, 'utf8'),
    Buffer.isBuffer(body) ? body : Buffer.from(body),
  ]);
}

export type VerifyResult =
  { valid: true; timestamp: number } | { valid: false; reason: string; timestamp?: number };

/**
 * Receiver side: accepts only a signature made with `secret` over exactly `body`, whose timestamp is
 * within the 5-minute window around `now`. Older signatures are refused as replays; receivers drop
 * duplicates inside the window by X-Attendance-Delivery-Id.
 */
export function verifySignature(input: {
  secret: string;
  header: string;
  body: string | Buffer;
  now: Date;
  toleranceSeconds?: number;
}): VerifyResult {
  const tolerance = input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const part of input.header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^[0-9]{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) candidates.push(value);
  }
  if (timestamp === undefined) return { valid: false, reason: 'The header has no t=<unix timestamp>.' };
  if (candidates.length === 0)
    return { valid: false, reason: 'The header has no v1=<hex> signature.', timestamp };
  const nowSeconds = Math.floor(input.now.getTime() / 1000);
  if (nowSeconds - timestamp > tolerance) {
    return {
      valid: false,
      reason: `The signature is ${nowSeconds - timestamp} seconds old; only ${tolerance} are accepted (replay).`,
      timestamp,
    };
  }
  if (timestamp - nowSeconds > tolerance) {
    return { valid: false, reason: 'The signature timestamp is in the future beyond the window.', timestamp };
  }
  const expected = hmacSha256Hex(input.secret, signedPayload(timestamp, input.body));
  // Compare against every v1 without stopping early, so timing does not tell which one matched.
  let match = false;
  for (const candidate of candidates) match = safeEqual(candidate, expected) || match;
  return match
    ? { valid: true, timestamp }
    : { valid: false, reason: 'No v1 signature matches this secret and body.', timestamp };
}
