// The payment gateway: the owner's checkout order and its verification under /owner/me, and the
// gateway's signed webhook (public; authenticated by X-Gateway-Signature over the raw body, which
// the operation checks).
import { publicAccess } from '../../core/routes.js';
import { Data } from '../../core/shape.js';
import { invoiceBody } from '../invoices/serialize.js';
import { clinicOperationRoute } from '../operation-route.js';
import { GatewayNotConfiguredError, requireGatewayKeys } from './client.js';
import { createGatewayOrder } from './operations/create-gateway-order.js';
import { handleGatewayWebhook } from './operations/handle-gateway-webhook.js';
import { verifyGatewayPayment } from './operations/verify-gateway-payment.js';

import { GatewayOrder, WebhookResult } from './serialize.js';

export const gatewayRoutes = [
  clinicOperationRoute(createGatewayOrder, {
    method: 'POST',
    path: '/api/v1/owner/me/invoices/:invoice/gateway/order',
    description:
      'POSTs {amount (minor units), currency, receipt} to {GATEWAY_API_URL}/orders with basic auth ' +
      'keyId:keySecret and stores the order id. 503 without gateway keys; 409 for a paid, voided or ' +
      'estimate invoice; 502 when the gateway refuses.',
    tags: ['owner invoices'],
    responses: { 200: { description: 'what the checkout needs', schema: Data(GatewayOrder) } },
    errors: {
      404: 'Not the caller’s invoice',
      409: 'The invoice is paid, voided or an estimate',
      502: 'The gateway refused or could not be reached',
      503: 'Gateway keys are not configured',
    },
    requires: (services) => requireGatewayKeys(services.config.clinic.gateway),
    pathFields: { invoice: 'invoice_id' },
    reply: (order) => ({ data: order }),
  }),
  clinicOperationRoute(verifyGatewayPayment, {
    method: 'POST',
    path: '/api/v1/owner/me/invoices/:invoice/gateway/verify',
    description:
      'gateway_signature must be the hex HMAC-SHA256 of `gateway_order_id|gateway_payment_id` with the key ' +
      'secret (422 otherwise). The payment is recorded once per gateway_payment_id, also when the webhook ' +
      'reports it too; status and balance_due are recomputed from the payments.',
    tags: ['owner invoices'],
    responses: { 200: invoiceBody('the invoice') },
    errors: { 404: 'Not the caller’s invoice', 503: 'Gateway keys are not configured' },
    requires: (services) => requireGatewayKeys(services.config.clinic.gateway),
    pathFields: { invoice: 'invoice_id' },
    reply: (invoice) => ({ data: invoice }),
  }),
  clinicOperationRoute(handleGatewayWebhook, {
    method: 'POST',
    path: '/api/v1/webhooks/gateway',
    description:
      'Body: {event, payload: {payment: {entity: {id, order_id, amount (minor units), currency, status}}}}. ' +
      'X-Gateway-Signature: hex HMAC-SHA256 of the raw body with GATEWAY_WEBHOOK_SECRET; missing or wrong ' +
      'is a 401. A failure while handling is a 500, so the gateway retries; retries are idempotent. ' +
      'An optional top-level id is the delivery’s event id (default: `event:payment id`): a replay answers ' +
      '200 duplicate. A capture above its order or in another currency answers mismatch and is kept as an ' +
      'unreconciled payment (the invoice’s unreconciled_payments). payment.failed answers logged (the ' +
      'invoice’s payment_attempts); any other event answers 200 ignored, whatever its payload.',
    tags: ['webhooks'],
    access: publicAccess,
    rawBody: true,
    idempotent: false,
    responses: {
      200: {
        description: 'handled',
        schema: Data(WebhookResult),
      },
    },
    errors: {
      401: 'Missing or wrong X-Gateway-Signature',
      422: 'A signed body of the wrong shape',
      500: 'Handler failure (the gateway retries)',
      503: 'GATEWAY_WEBHOOK_SECRET is not configured',
    },
    requires: (services) => {
      if (!services.config.clinic.gateway.webhookSecret) throw new GatewayNotConfiguredError();
    },
    // No body schema on the route: the operation checks the signature before the shape.
    toInput: ({ rawBody, request }) => {
      const signature = request.headers['x-gateway-signature'];
      return {
        raw_body: (rawBody ?? Buffer.alloc(0)).toString('latin1'),
        signature: typeof signature === 'string' ? signature : null,
      };
    },
    reply: (result) => ({ data: result }),
  }),
];
