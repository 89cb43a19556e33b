// Request schemas of the owner's gateway endpoints and of the webhook body (Razorpay-like; the
// contract leaves its shape to us — see docs/clinic-records.md).
import { idNumber, yup } from '../../core/validation.js';

const gatewayId = () => yup.string().trim().max(191);

export const verifySchema = yup.object({
  gateway_order_id: gatewayId().required(),
  gateway_payment_id: gatewayId().required(),
  gateway_signature: yup.string().trim().max(255).required(),
});

export const gatewayOrderInput = yup.object({ invoice_id: idNumber().required() });

export const verifyInput = verifySchema.shape({ invoice_id: idNumber().required() });

/**
 * What the webhook operation receives: the request body's exact bytes (one character per byte,
 * latin1, so the signature is checked over exactly what was sent) and the X-Gateway-Signature
 * header. The body's shape is checked only once the signature holds.
 */
export const webhookInput = yup.object({
  raw_body: yup.string().default(''),
  signature: yup.string().nullable(),
});

/** What every delivery has: its event, and optionally the gateway's id of this delivery. */
export const webhookEnvelope = yup.object({
  id: gatewayId().nullable(),
  event: yup.string().trim().max(64).required(),
});

export const webhookSchema = yup.object({
  id: gatewayId().nullable(),
  event: yup.string().trim().max(64).required(),
  payload: yup
    .object({
      payment: yup
        .object({
          entity: yup
            .object({
              id: gatewayId().required(),
              order_id: gatewayId().nullable(),
              amount: yup.number().integer().min(1).max(Number.MAX_SAFE_INTEGER).required(),
              currency: yup.string().trim().max(3).nullable(),
              status: yup.string().trim().max(32).nullable(),
            })
            .required(),
        })
        .required(),
    })
    .required(),
});
export type WebhookBody = yup.InferType<typeof webhookSchema>;
