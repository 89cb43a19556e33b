// Fixtures of the gateway reconciliation tests (HTTP and CLI): an invoice with a gateway order, and
// signed webhook deliveries.
import { hmacSha256Hex } from '../../../src/core/crypto.js';
import { toDbTime } from '../../../src/db/time.js';
import type { Dialect } from '../../helpers/db.js';
import { createInvoice, GATEWAY_ENV, world, type World } from './fixtures.js';

/** A world with an invoice of 500.00 (200.50 paid in cash) and a gateway order for its balance. */
export async function reconciliationWorld(dialect: Dialect) {
  const w = await world(dialect, GATEWAY_ENV);
  const invoice = await createInvoice(w, { total: 500, payment_amount: 200.5, payment_method: 'cash' });
  const orderId = `order_${dialect}_${invoice.id}`;
  await w.db('gateway_orders').insert({
    invoice_id: invoice.id,
    provider_order_id: orderId,
    amount_minor: 29950,
    currency: 'INR',
    created_at: toDbTime(new Date()),
  });
  return { ...w, invoice, orderId };
}

export function signedWebhook(w: World, body: unknown, signature?: string) {
  const raw = JSON.stringify(body);
  return w.app.clinic.request('POST', '/api/v1/webhooks/gateway', {
    raw,
    headers: {
      ...(signature === ''
        ? {}
        : { 'X-Gateway-Signature': signature ?? hmacSha256Hex(GATEWAY_ENV.GATEWAY_WEBHOOK_SECRET, raw) }),
    },
  });
}

export const paymentEvent = (
  event: string,
  paymentId: string,
  orderId: string,
  amount: number,
  extra: Record<string, unknown> = {},
) => ({
  event,
  payload: { payment: { entity: { id: paymentId, order_id: orderId, amount, currency: 'INR', ...extra } } },
});
