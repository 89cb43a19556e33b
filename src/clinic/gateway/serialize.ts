// What the gateway endpoints answer (the checkout order, a webhook's outcome), and a stored
// gateway delivery (gateway_events) as `wfctl gateway events` shows it.
import { Enum, Int, Nullable, Obj, Str } from '../../core/shape.js';
import { isoOrNull } from '../../db/time.js';
import { WEBHOOK_OUTCOMES } from './operations/handle-gateway-webhook.js';

/** POST /owner/me/invoices/{invoice}/gateway/order: what the checkout needs. */
export const GatewayOrder = Obj({
  invoice_id: Int(),
  key: Str({ description: 'the gateway key id (public)' }),
  order_id: Str(),
  amount: Int({ description: 'smallest currency unit' }),
  currency: Str(),
  name: Str(),
  description: Str(),
  prefill: Obj({ name: Str(), email: Str({ format: 'email' }), contact: Nullable(Str()) }),
});

/** POST /webhooks/gateway: what became of the delivery. */
export const WebhookResult = Obj({
  event: Str(),
  outcome: Enum(WEBHOOK_OUTCOMES),
  invoice_id: Nullable(Int()),
  unreconciled_payment_id: Nullable(
    Int({ description: 'outcome mismatch: the unreconciled gateway payment it is kept as' }),
  ),
});

export function serializeGatewayEvent(row: Record<string, any>) {
  let payload: unknown = row.payload;
  try {
    payload = JSON.parse(String(row.payload));
  } catch {
    // Kept as it came (every stored payload parsed once, but the column is text).
  }
  return {
    id: Number(row.id),
    event: row.event,
    outcome: row.outcome,
    provider_payment_id: row.provider_payment_id ?? null,
    provider_order_id: row.provider_order_id ?? null,
    invoice_id: row.invoice_id == null ? null : Number(row.invoice_id),
    tenant_id: row.tenant_id == null ? null : Number(row.tenant_id),
    received_at: isoOrNull(row.received_at),
    payload,
  };
}
export type GatewayEventView = ReturnType<typeof serializeGatewayEvent>;
