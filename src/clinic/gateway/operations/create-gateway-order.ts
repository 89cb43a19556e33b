// POST /owner/me/invoices/{invoice}/gateway/order: an order for the invoice's balance at the payment
// gateway, for the owner's checkout. The gateway is called outside any transaction (no lock is held
// over the network); the order id is then stored, so verify and the webhook can find the invoice.
import { ConflictError } from '../../../core/errors.js';
import { inTransaction } from '../../../db/transaction.js';
import { toDbTime } from '../../../db/time.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';
import { CLOSED_INVOICE_STATUSES } from '../../payments/ledger.js';
import { createOrderAtGateway, requireGatewayKeys } from '../client.js';
import { ownerInvoice } from './owner-invoice.js';

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

export async function createGatewayOrder(
  ctx: ClinicContext,
  input: { ownerUserId: number; invoiceId: number },
): Promise<CheckoutOrder> {
  const { db, clock, config } = ctx.services;
  const gateway = config.clinic.gateway;
  requireGatewayKeys(gateway);
  const invoice = await ownerInvoice(db, input.ownerUserId, input.invoiceId);
  if (CLOSED_INVOICE_STATUSES.includes(invoice.status)) {
    const why = invoice.status === 'estimate' ? 'an estimate' : invoice.status;
    throw new ConflictError(`The invoice is ${why}: there is nothing to pay online.`, 'INVOICE_NOT_PAYABLE');
  }
  const amount = Number(invoice.balance_due_minor);
  const orderId = await createOrderAtGateway(gateway, {
    amount,
    currency: invoice.currency,
    receipt: `invoice-${invoice.id}`,
  });
  await inTransaction(db, async (trx) => {
    await trx('gateway_orders').insert({
      invoice_id: invoice.id,
      provider_order_id: orderId,
      amount_minor: amount,
      currency: invoice.currency,
      created_by_user_id: input.ownerUserId,
      created_at: toDbTime(clock.now()),
    });
    await recordAudit(trx, ctx, {
      tenantId: Number(invoice.tenant_id),
      action: 'gateway.order_created',
      subjectType: 'invoice',
      subjectId: Number(invoice.id),
      details: { order_id: orderId, amount_minor: amount },
    });
  });
  const owner = await db('clinic_users').where('id', input.ownerUserId).first('name', 'email', 'phone');
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
}
