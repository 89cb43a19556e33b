// The gateway's two signatures, both hex HMAC-SHA256 compared in constant time: the checkout's
// `${order_id}|${payment_id}` signed with the key secret, and the webhook's raw body signed with the
// webhook secret.
import { hmacSha256Hex, safeEqual } from '../../core/crypto.js';

export function paymentSignatureValid(
  keySecret: string,
  orderId: string,
  paymentId: string,
  signature: string,
) {
  return safeEqual(hmacSha256Hex(keySecret, `${orderId}|${paymentId}`), signature.trim().toLowerCase());
}

export function webhookSignatureValid(secret: string, rawBody: Buffer, signature: string | undefined) {
  return (
    typeof signature === 'string' && safeEqual(hmacSha256Hex(secret, rawBody), signature.trim().toLowerCase())
  );
}
