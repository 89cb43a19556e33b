// The payment gateway: the owner's checkout order and its verification under /owner/me, and the
// gateway's signed webhook (public; authenticated by X-Gateway-Signature over the raw body).
import { AppError } from '../../core/errors.js';
import { defineRoute, publicAccess } from '../../core/routes.js';
import { validate } from '../../core/validation.js';
import { httpContext } from '../context.js';
import { clinicUserAccess } from '../identity/access.js';
import { invoiceBody } from '../invoices/serialize.js';
import { serializeInvoice } from '../invoices/serialize.js';
import { GatewayNotConfiguredError, requireGatewayKeys } from './client.js';
import { createGatewayOrder } from './operations/create-gateway-order.js';
import { handleGatewayWebhook } from './operations/handle-gateway-webhook.js';
import { verifyGatewayPayment } from './operations/verify-gateway-payment.js';
import {
  ownerInvoiceParams,
  verifySchema,
  webhookSchema,
  type VerifyInput,
  type WebhookBody,
} from './schemas.js';
import { webhookSignatureValid } from './signature.js';

const str = { type: 'string' };

const ORDER_JSON = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        invoice_id: { type: 'integer' },
        key: str,
        order_id: str,
        amount: { type: 'integer', description: 'smallest currency unit' },
        currency: str,
        name: str,
        description: str,
        prefill: {
          type: 'object',
          properties: { name: str, email: str, contact: { type: 'string', nullable: true } },
        },
      },
    },
  },
};

export const gatewayRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/v1/owner/me/invoices/:invoice/gateway/order',
    summary: 'Create a payment-gateway order for the balance of one of the caller’s invoices',
    description:
      'POSTs {amount (minor units), currency, receipt} to {GATEWAY_API_URL}/orders with basic auth ' +
      'keyId:keySecret and stores the order id. 503 without gateway keys; 409 for a paid, voided or ' +
      'estimate invoice; 502 when the gateway refuses.',
    tags: ['owner invoices'],
    access: clinicUserAccess,
    permission: null,
    params: ownerInvoiceParams,
    responses: { 200: { description: 'what the checkout needs', schema: ORDER_JSON } },
    errors: {
      404: 'Not the caller’s invoice',
      409: 'The invoice is paid, voided or an estimate',
      502: 'The gateway refused or could not be reached',
      503: 'Gateway keys are not configured',
    },
    requires: (services) => requireGatewayKeys(services.config.clinic.gateway),
    handler: async ({ services, principal, params }) => ({
      data: await createGatewayOrder(httpContext(services, principal.userId), {
        ownerUserId: principal.userId,
        invoiceId: params.invoice,
      }),
    }),
  }),
  defineRoute<any, VerifyInput>({
    method: 'POST',
    path: '/api/v1/owner/me/invoices/:invoice/gateway/verify',
    summary: 'Verify the checkout’s signature and record the captured payment',
    description:
      'gateway_signature must be the hex HMAC-SHA256 of `gateway_order_id|gateway_payment_id` with the key ' +
      'secret (422 otherwise). The payment is recorded once per gateway_payment_id, also when the webhook ' +
      'reports it too; status and balance_due are recomputed from the payments.',
    tags: ['owner invoices'],
    access: clinicUserAccess,
    permission: null,
    params: ownerInvoiceParams,
    body: verifySchema,
    responses: { 200: invoiceBody('the invoice') },
    errors: { 404: 'Not the caller’s invoice', 503: 'Gateway keys are not configured' },
    requires: (services) => requireGatewayKeys(services.config.clinic.gateway),
    handler: async ({ services, principal, params, body }) => ({
      data: serializeInvoice(
        await verifyGatewayPayment(httpContext(services, principal.userId), {
          ...body,
          ownerUserId: principal.userId,
          invoiceId: params.invoice,
        }),
      ),
    }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/v1/webhooks/gateway',
    summary: 'Payment gateway notifications (payment.captured, payment.failed)',
    description:
      'Body: {event, payload: {payment: {entity: {id, order_id, amount (minor units), currency, status}}}}. ' +
      'X-Gateway-Signature: hex HMAC-SHA256 of the raw body with GATEWAY_WEBHOOK_SECRET; missing or wrong ' +
      'is a 401. A failure while handling is a 500, so the gateway retries; retries are idempotent.',
    tags: ['webhooks'],
    access: publicAccess,
    permission: null,
    rawBody: true,
    idempotent: false,
    responses: {
      200: {
        description: 'handled',
        schema: {
          type: 'object',
          properties: {
            data: {
              type: 'object',
              properties: {
                event: str,
                outcome: { type: 'string', enum: ['recorded', 'duplicate', 'logged', 'ignored', 'mismatch'] },
                invoice_id: { type: 'integer', nullable: true },
              },
            },
          },
        },
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
    handler: async ({ services, request, rawBody }) => {
      const secret = services.config.clinic.gateway.webhookSecret;
      const raw = rawBody ?? Buffer.alloc(0);
      const signature = request.headers['x-gateway-signature'];
      if (!webhookSignatureValid(secret, raw, typeof signature === 'string' ? signature : undefined)) {
        throw new AppError(401, 'The X-Gateway-Signature header is missing or does not match.', {
          code: 'INVALID_SIGNATURE',
        });
      }
      // No body schema on the route: the signature is checked before the shape. The kernel has already
      // refused malformed JSON, so these bytes parse.
      const parsed: unknown = raw.length ? JSON.parse(raw.toString('utf8')) : {};
      const event = (await validate(webhookSchema, parsed)) as WebhookBody;
      return {
        data: await handleGatewayWebhook(httpContext(services, null), {
          body: event,
          raw: raw.toString('utf8'),
        }),
      };
    },
  }),
];
