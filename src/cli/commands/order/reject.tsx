// `wfctl order reject ORDER --tenant TENANT [--reason TEXT]`: order.reject, as POST
// /tenant/{tenant}/orders/{order}/reject runs it. Rejected is final, so it asks first.
import React from 'react';
import type { Command } from 'commander';
import { rejectOrder } from '../../../clinic/orders/operations/seller-orders.js';
import { clinicActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { tenantNameFlag } from '../../tenant-flag.js';
import { OrderMovedView } from '../../views/order.js';
import { orderGroup } from './group.js';

export function register(program: Command): void {
  orderGroup(program);
  commandFor(program, rejectOrder, {
    path: 'order reject',
    description: 'Reject a pending order; the reason is kept and shown to the owner (final)',
    args: [{ name: 'order', description: 'order id', prompt: 'Order id?', field: 'order_id' }],
    flags: [tenantNameFlag],
    input: {
      skip: ['tenant_id'],
      fields: { reason: { flags: '--reason <text>', description: 'why, shown to the owner' } },
    },
    examples: ['wfctl order reject 9 --tenant city-pharmacy --reason "Out of stock" --yes'],
    context: clinicActor,
    confirm: (args) => `Reject order ${args.order}? This is final.`,
    view: (move) => <OrderMovedView move={move} />,
  });
}
