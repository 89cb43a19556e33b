// gateway-order.create (POST /owner/me/invoices/{invoice}/gateway/order): an order for the
// invoice's balance at the payment gateway, for the owner's checkout. The gateway is called outside
// any transaction (no lock is held over the network): the operation is run on the pool, and the
// order id is then kept by its step gateway-order.record in a transaction of its own, so verify
// and the webhook can find the invoice.
import { ConflictError } from '../../../core/errors.js';
import { defineSteps, defineWrite } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { CLOSED_INVOICE_STATUSES } from '../../payments/ledger.js';
import { callerId } from '../../pets/access.js';
import { createOrderAtGateway, requireGatewayKeys } from '../client.js';
import { gatewayOrderInput } from '../schemas.js';
import { ownedInvoice } from '../../ownership.js';

export interface CheckoutOrder {
  invoice_id: number;
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string | null };
}

/**
 * A step of gateway-order.create, run only through ctx.call (not in the catalogue, no face): keeps
 * the order the gateway made, with its audit entry, in one transaction.
 */
export const recordGatewayOrder = defineWrite('gateway-order.record', 'authenticated', {
  summary:
    'Keep the order the gateway made for one of the caller’s invoices (a step of gateway-order.create)',
  input: yup.object({
    invoice_id: idNumber().required(),
    provider_order_id: yup.string().required(),
    amount_minor: yup.number().integer().min(0).required(),
    currency: yup.string().required(),
  }),
  async run(ctx: ClinicRun, input): Promise<void> {
    const invoice = await ctx.owns(ownedInvoice(input.invoice_id));
    const userId = callerId(ctx);
    await ctx.db('gateway_orders').insert({
      invoice_id: input.invoice_id,
      provider_order_id: input.provider_order_id,
      amount_minor: input.amount_minor,
      currency: input.currency,
      created_by_user_id: userId,
      created_at: toDbTime(ctx.services.clock.now()),
    });
    ctx.audit({
      action: 'gateway.order_created',
      subjectType: 'invoice',
      subjectId: input.invoice_id,
      scopeId: Number(invoice.tenant_id),
      details: { order_id: input.provider_order_id, amount_minor: input.amount_minor },
    });
  },
});

export const createGatewayOrder = defineSteps('gateway-order.create', 'authenticated', {
  summary: 'Create a payment-gateway order for the balance of one of the caller’s invoices',
  input: gatewayOrderInput,
  // On the pool: the network call must not hold a transaction open; the step writes.
  async run(ctx: ClinicRun, input): Promise<CheckoutOrder> {
    const { db } = ctx;
    const gateway = ctx.services.config.clinic.gateway;
    requireGatewayKeys(gateway);
    const invoice = await ctx.owns(ownedInvoice(input.invoice_id));
    const userId = callerId(ctx);
    if (CLOSED_INVOICE_STATUSES.includes(invoice.status)) {
      const why = invoice.status === 'estimate' ? 'an estimate' : invoice.status;
      throw new ConflictError(
        `The invoice is ${why}: there is nothing to pay online.`,
        'INVOICE_NOT_PAYABLE',
      );
    }
    const amount = Number(invoice.balance_due_minor);
    const orderId = await createOrderAtGateway(gateway, {
      amount,
      currency: invoice.currency,
      receipt: `invoice-${invoice.id}`,
    });
    await ctx.call(recordGatewayOrder, {
      invoice_id: Number(invoice.id),
      provider_order_id: orderId,
      amount_minor: amount,
      currency: invoice.currency,
    });
    const owner = await db('clinic_users').where('id', userId).first('name', 'email', 'phone');
    return {
      invoice_id: Number(invoice.id),
      key: gateway.keyId,
      order_id: orderId,
      amount,
      currency: invoice.currency,
      name: invoice.tenant_name,
      description: `Invoice #${invoice.id}`,
      prefill: { name: owner.name, email: owner.email, contact: owner.phone ?? null },
    };
  },
});
