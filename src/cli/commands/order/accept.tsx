// `wfctl order accept ORDER --tenant TENANT`: order.accept, as POST
// /tenant/{tenant}/orders/{order}/accept runs it (assigned to the acting member).
import React from 'react';
import type { Command } from 'commander';
import { acceptOrder } from '../../../clinic/orders/operations/seller-orders.js';
import { clinicActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { tenantNameFlag } from '../../tenant-flag.js';
import { OrderMovedView } from '../../views/order.js';
import { orderGroup } from './group.js';

export function register(program: Command): void {
  orderGroup(program);
  commandFor(program, acceptOrder, {
    path: 'order accept',
    description: 'Accept a pending order: accepted_at set, assigned to the acting member (--actor)',
    args: [{ name: 'order', description: 'order id', prompt: 'Order id?', field: 'order_id' }],
    flags: [tenantNameFlag],
    input: { skip: ['tenant_id'] },
    examples: [
      'wfctl order accept 9 --tenant city-pharmacy --actor pharmacist@example.test --yes',
      'wfctl order accept 9 --tenant city-pharmacy --dry-run --json',
    ],
    context: clinicActor,
    confirm: (args) => `Accept order ${args.order}?`,
    view: (move) => <OrderMovedView move={move} />,
  });
}
