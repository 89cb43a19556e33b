// The owner side of order requests. The list (owner-order.list) covers the orders the caller
// requested and the orders caregivers requested for the caller's pets ("orders of the owner or their
// caregiver"); a caregiver's list holds the orders they requested. One order's detail
// (owner-order.get) and its cancel (owner-order.cancel) belong to its requester alone (the
// contract: "404 for anyone but the requester"), so a primary owner sees a caregiver's order in the
// list but cannot open or cancel it.
import type { Knex } from 'knex';
import { NotFoundError } from '../../../core/errors.js';
import { defineRead, defineWrite } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import type { ClinicRun } from '../../context.js';
import { branchPerKey, ownerPetIds } from '../../owner-scope.js';
import { fetchKeyedPage, PAGE_SIZES, type Page } from '../../pagination.js';
import { orderRows, withPrescriptions } from '../queries.js';
import { ownerOrderListQuery } from '../schemas.js';
import { serializeOrder, type OrderView } from '../serialize.js';
import { moveOrder } from './transitions.js';

const ownerOrderInput = yup.object({ order_id: idNumber().required() });

export const listOwnerOrders = defineRead('owner-order.list', 'authenticated', {
  summary:
    'The caller’s order requests (and their caregivers’ for the caller’s pets), newest first, 30 per page',
  input: ownerOrderListQuery,
  async run(ctx: ClinicRun, input): Promise<Page<OrderView>> {
    const { db } = ctx;
    // The caller's own requests, index (requester_user_id, id), and per pet of theirs the requests
    // caregivers made for it, index (pet_id, id); merged newest first.
    const userId = ctx.owns('self');
    const pets = (await ownerPetIds(db, userId)).filter((id) => !input.pet_id || id === input.pet_id);
    const base = () => {
      const q = db('order_requests as o').select('o.id');
      if (input.status) q.where('o.status', input.status);
      if (input.pet_id) q.where('o.pet_id', input.pet_id);
      return q;
    };
    const page = await fetchKeyedPage<Record<string, any>>(
      db,
      [{ query: base().where('o.requester_user_id', userId) }, ...branchPerKey(pets, 'o.pet_id', base)],
      [{ column: 'id', order: 'desc' }],
      input.page,
      PAGE_SIZES.ownerOrders,
      (ids) => orderRows(db).whereIn('o.id', ids),
    );
    return { ...page, items: (await withPrescriptions(db, page.items)).map(serializeOrder) };
  },
});

async function requestedOrder(db: Knex, userId: number, orderId: number): Promise<OrderView> {
  const row = await orderRows(db).where({ 'o.id': orderId, 'o.requester_user_id': userId }).first();
  if (!row) throw new NotFoundError('Order not found.');
  return serializeOrder((await withPrescriptions(db, [row]))[0]);
}

export const getOwnerOrder = defineRead('owner-order.get', 'authenticated', {
  summary: 'One order with pet, target_tenant, source_prescription.items and assignee',
  input: ownerOrderInput,
  run: (ctx: ClinicRun, input): Promise<OrderView> =>
    requestedOrder(ctx.db, ctx.owns('self'), input.order_id),
});

export const cancelOwnerOrder = defineWrite('owner-order.cancel', 'authenticated', {
  summary: 'Cancel a pending or accepted order; cancelled_at set',
  input: ownerOrderInput,
  async run(ctx: ClinicRun, input): Promise<OrderView> {
    const userId = ctx.owns('self');
    await moveOrder(
      ctx,
      ctx.db('order_requests as o').where({ 'o.id': input.order_id, 'o.requester_user_id': userId }),
      'cancel',
    );
    return requestedOrder(ctx.db, userId, input.order_id);
  },
});
