// `wfctl order fulfill ORDER --tenant TENANT`: order.fulfill, as POST
// /tenant/{tenant}/orders/{order}/fulfill runs it. Fulfilled is final, so it asks first.
import React from 'react';
import type { Command } from 'commander';
import { fulfillOrder } from '../../../clinic/orders/operations/seller-orders.js';
import { clinicActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { tenantNameFlag } from '../../tenant-flag.js';
import { OrderMovedView } from '../../views/order.js';
import { orderGroup } from './group.js';

export function register(program: Command): void {
  orderGroup(program);
  commandFor(program, fulfillOrder, {
    path: 'order fulfill',
    description: 'Fulfil an accepted order (final; refunds and returns go through invoices)',
    args: [{ name: 'order', description: 'order id', prompt: 'Order id?', field: 'order_id' }],
    flags: [tenantNameFlag],
    input: { skip: ['tenant_id'] },
    examples: ['wfctl order fulfill 9 --tenant city-pharmacy --yes --json'],
    context: clinicActor,
    confirm: (args) => `Fulfil order ${args.order}? This is final.`,
    view: (move) => <OrderMovedView move={move} />,
  });
}
