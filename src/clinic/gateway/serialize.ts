// A stored gateway delivery (gateway_events), as `wfctl gateway events` shows it.
import { isoOrNull } from '../../db/time.js';

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
