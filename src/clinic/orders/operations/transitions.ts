// The order request's state machine, one place for both sides:
//   pending --accept--> accepted --fulfill--> fulfilled (terminal)
//   pending --reject--> rejected
//   pending | accepted --cancel (owner)--> cancelled
// Every move locks the order row first, so two staff members (or a seller and the owner) racing on
// one order are serialised and the loser sees the new state: a 422 naming the status.
import type { Knex } from 'knex';
import { AppError, NotFoundError } from '../../../core/errors.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { countStatusChange } from '../../counters.js';

export type OrderAction = 'accept' | 'reject' | 'fulfill' | 'cancel';

const MOVES: Record<OrderAction, { from: string[]; to: string; stamp: string }> = {
  accept: { from: ['pending'], to: 'accepted', stamp: 'accepted_at' },
  reject: { from: ['pending'], to: 'rejected', stamp: 'rejected_at' },
  fulfill: { from: ['accepted'], to: 'fulfilled', stamp: 'fulfilled_at' },
  cancel: { from: ['pending', 'accepted'], to: 'cancelled', stamp: 'cancelled_at' },
};

/**
 * Moves the order `scope` selects (a query on order_requests already narrowed to what the caller
 * may touch) by `action`, in the operation's transaction. Another caller's order is a 404; a move
 * its state does not allow is a 422.
 */
export async function moveOrder(
  ctx: ClinicRun,
  scope: Knex.QueryBuilder,
  action: OrderAction,
  extra: { reason?: string | null } = {},
): Promise<number> {
  const { db } = ctx;
  const order = await lockForUpdate(scope, db).first('id', 'status', 'target_tenant_id');
  if (!order) throw new NotFoundError('Order not found.');
  const move = MOVES[action];
  if (!move.from.includes(order.status)) {
    throw new AppError(
      422,
      `The order is ${order.status}; only a ${move.from.join(' or ')} order can be ${past(action)}.`,
      {
        code: 'ORDER_STATE',
        errors: { status: [`The order is ${order.status}.`] },
      },
    );
  }
  const now = toDbTime(ctx.services.clock.now());
  await db('order_requests')
    .where('id', order.id)
    .update({
      status: move.to,
      [move.stamp]: now,
      updated_at: now,
      ...(action === 'accept' ? { assigned_to_user_id: ctx.actor.userId } : {}),
      ...(action === 'reject' ? { reason: extra.reason ?? null } : {}),
    });
  await countStatusChange(db, Number(order.target_tenant_id), 'orders', order.status, move.to);
  ctx.audit({
    action: `order.${past(action)}`,
    subjectType: 'order_request',
    subjectId: Number(order.id),
    scopeId: Number(order.target_tenant_id),
    details: { from: order.status, to: move.to },
  });
  return Number(order.id);
}

function past(action: OrderAction): string {
  return { accept: 'accepted', reject: 'rejected', fulfill: 'fulfilled', cancel: 'cancelled' }[action];
}
