// The seller side of order requests, under /tenant/{tenant} and `wfctl order`: the queue
// (order.list, order.read) and the moves (order.accept, order.reject, order.fulfill, order.manage).
// Every query is scoped to the tenant the order was sent to; another tenant's order is a 404.
import type { InferType } from 'yup';
import { NotFoundError } from '../../../core/errors.js';
import { defineRead, defineWrite } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import type { ClinicRun } from '../../context.js';
import { tenantScope, tenantScoped } from '../../tenant-scope.js';
import { throughIndex } from '../../../db/knex.js';
import { fetchKeyedPage, type Page } from '../../pagination.js';
import { orderRows, withPrescriptions } from '../queries.js';
import { rejectOrderSchema, sellerOrderListQuery, type OrderStatus } from '../schemas.js';
import { serializeOrder, type OrderView } from '../serialize.js';
import { moveOrder, type OrderAction } from './transitions.js';
import { counterTotal } from '../../counters.js';

// The contract does not size this list: the clinic's default for unsized lists.
export const SELLER_ORDERS_PER_PAGE = 50;
export const OPEN_QUEUE: OrderStatus[] = ['pending', 'accepted'];

/** Oldest first: a work queue is served in the order it arrived. */
export const listOrders = defineRead('order.list', 'order.read', {
  summary: 'Order requests sent to the tenant, oldest first, 50 per page; default the open queue',
  input: tenantScoped(sellerOrderListQuery),
  async run(ctx: ClinicRun, input): Promise<Page<OrderView>> {
    const tenantId = await tenantScope(ctx, input);
    const { db } = ctx;
    // One branch per status asked for, index (target_tenant_id, status, id), merged oldest first;
    // every status: index (target_tenant_id, id).
    const all = input.status === 'all';
    const wanted: OrderStatus[] = !input.status ? OPEN_QUEUE : all ? [] : [input.status as OrderStatus];
    const statuses = all ? [null] : wanted;
    const branches = statuses.map((status) => {
      // Every status: the (target_tenant_id, id) index named (see throughIndex).
      const table = status
        ? db('order_requests as o')
        : throughIndex(db, 'order_requests', 'o', 'order_requests_target_tenant_id_id_index');
      const q = table.where('o.target_tenant_id', tenantId).select('o.id');
      if (status) q.where('o.status', status);
      return { query: q };
    });
    const page = await fetchKeyedPage<Record<string, any>>(
      db,
      branches,
      [{ column: 'id', order: 'asc' }],
      input.page,
      SELLER_ORDERS_PER_PAGE,
      (ids) => orderRows(db).whereIn('o.id', ids),
      // The total from the tenant's order counters: the statuses asked for, or every one.
      () => counterTotal(db, tenantId, 'orders', all ? undefined : wanted),
    );
    return { ...page, items: (await withPrescriptions(db, page.items)).map(serializeOrder) };
  },
});

const sellerOrderInput = tenantScoped(yup.object({ order_id: idNumber().required() }));
const rejectInput = rejectOrderSchema.concat(sellerOrderInput);

export interface OrderMove {
  /** A preview (rolled back): what would have happened. */
  dry_run: boolean;
  order: OrderView;
}

function sellerMove<S extends typeof sellerOrderInput | typeof rejectInput>(
  action: Exclude<OrderAction, 'cancel'>,
  summary: string,
  input: S,
) {
  return defineWrite(`order.${action}`, 'order.manage', {
    summary,
    input,
    async run(ctx: ClinicRun, raw): Promise<OrderMove> {
      const given = raw as InferType<typeof rejectInput>;
      const tenantId = await tenantScope(ctx, given);
      const id = await moveOrder(
        ctx,
        ctx.db('order_requests as o').where({ 'o.id': given.order_id, 'o.target_tenant_id': tenantId }),
        action,
        { reason: given.reason },
      );
      const row = await orderRows(ctx.db).where('o.id', id).first();
      if (!row) throw new NotFoundError('Order not found.');
      return { dry_run: ctx.dryRun, order: serializeOrder((await withPrescriptions(ctx.db, [row]))[0]) };
    },
  });
}

export const acceptOrder = sellerMove(
  'accept',
  'Accept a pending order: accepted_at set, assigned to the acting user',
  sellerOrderInput,
);
export const rejectOrder = sellerMove(
  'reject',
  'Reject a pending order; the optional reason is kept and shown to the owner',
  rejectInput,
);
export const fulfillOrder = sellerMove(
  'fulfill',
  'Fulfil an accepted order (terminal; refunds and returns go through invoices)',
  sellerOrderInput,
);
