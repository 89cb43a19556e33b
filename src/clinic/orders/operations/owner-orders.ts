// The owner side of order requests. The list covers the orders the caller requested and the orders
// caregivers requested for the caller's pets ("orders of the owner or their caregiver"); a
// caregiver's list holds the orders they requested. One order's detail and its cancel belong to
// its requester alone (the contract: "404 for anyone but the requester"), so a primary owner sees
// a caregiver's order in the list but cannot open or cancel it.
import type { Knex } from 'knex';
import { NotFoundError } from '../../../core/errors.js';
import { inTransaction } from '../../../db/transaction.js';
import type { ClinicContext } from '../../context.js';
import { fetchPage, PAGE_SIZES, type Page } from '../../pagination.js';
import { orderRows, withPrescriptions, type OrderRow } from '../queries.js';
import type { OrderStatus } from '../schemas.js';
import { moveOrder } from './transitions.js';

function visibleTo(db: Knex, userId: number) {
  const ownedPets = db('pets')
    .join('clinic_clients', 'clinic_clients.id', 'pets.client_id')
    .where('clinic_clients.owner_user_id', userId)
    .select('pets.id');
  return (q: Knex.QueryBuilder) => q.where('o.requester_user_id', userId).orWhereIn('o.pet_id', ownedPets);
}

export async function listOwnerOrders(
  ctx: ClinicContext,
  input: { userId: number; status?: OrderStatus; petId?: number; page: number },
): Promise<Page<OrderRow>> {
  const { db } = ctx.services;
  const q = orderRows(db).where(visibleTo(db, input.userId)).orderBy('o.id', 'desc');
  if (input.status) q.where('o.status', input.status);
  if (input.petId) q.where('o.pet_id', input.petId);
  const page = await fetchPage<Record<string, any>>(q, input.page, PAGE_SIZES.ownerOrders);
  return { ...page, items: await withPrescriptions(db, page.items) };
}

export async function getOwnerOrder(
  ctx: ClinicContext,
  input: { userId: number; orderId: number },
): Promise<OrderRow> {
  const { db } = ctx.services;
  const row = await orderRows(db)
    .where({ 'o.id': input.orderId, 'o.requester_user_id': input.userId })
    .first();
  if (!row) throw new NotFoundError('Order not found.');
  return (await withPrescriptions(db, [row]))[0];
}

export async function cancelOwnerOrder(
  ctx: ClinicContext,
  input: { userId: number; orderId: number },
): Promise<OrderRow> {
  const { db } = ctx.services;
  await inTransaction(db, (trx) =>
    moveOrder(
      trx,
      ctx,
      trx('order_requests as o').where({ 'o.id': input.orderId, 'o.requester_user_id': input.userId }),
      'cancel',
    ),
  );
  return getOwnerOrder(ctx, input);
}
