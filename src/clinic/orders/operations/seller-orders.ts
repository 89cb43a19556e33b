// The seller side of order requests, under /tenant/{tenant}: the queue and the moves. Every query
// is scoped to the tenant the order was sent to; another tenant's order is a 404.
import { NotFoundError } from '../../../core/errors.js';
import { inTransaction } from '../../../db/transaction.js';
import type { ClinicContext } from '../../context.js';
import { fetchPage, type Page } from '../../pagination.js';
import { orderRows, withPrescriptions, type OrderRow } from '../queries.js';
import type { OrderStatus } from '../schemas.js';
import { moveOrder, type OrderAction } from './transitions.js';

// The contract does not size this list: the clinic's default for unsized lists.
export const SELLER_ORDERS_PER_PAGE = 50;
export const OPEN_QUEUE: OrderStatus[] = ['pending', 'accepted'];

/** Oldest first: a work queue is served in the order it arrived. */
export async function listSellerOrders(
  ctx: ClinicContext,
  input: { tenantId: number; status?: OrderStatus | 'all'; page: number },
): Promise<Page<OrderRow>> {
  const { db } = ctx.services;
  const q = orderRows(db).where('o.target_tenant_id', input.tenantId).orderBy('o.id', 'asc');
  if (!input.status) q.whereIn('o.status', OPEN_QUEUE);
  else if (input.status !== 'all') q.where('o.status', input.status);
  const page = await fetchPage<Record<string, any>>(q, input.page, SELLER_ORDERS_PER_PAGE);
  return { ...page, items: await withPrescriptions(db, page.items) };
}

export async function moveSellerOrder(
  ctx: ClinicContext,
  input: {
    tenantId: number;
    orderId: number;
    action: Exclude<OrderAction, 'cancel'>;
    reason?: string | null;
  },
): Promise<OrderRow> {
  const { db } = ctx.services;
  const id = await inTransaction(db, (trx) =>
    moveOrder(
      trx,
      ctx,
      trx('order_requests as o').where({ 'o.id': input.orderId, 'o.target_tenant_id': input.tenantId }),
      input.action,
      { reason: input.reason },
    ),
  );
  const row = await orderRows(db).where('o.id', id).first();
  if (!row) throw new NotFoundError('Order not found.');
  return (await withPrescriptions(db, [row]))[0];
}
