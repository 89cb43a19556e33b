// `wfctl order list --tenant TENANT [--status STATUS]`: order.list, the seller's queue, as GET
// /tenant/{tenant}/orders runs it.
import React from 'react';
import type { Command } from 'commander';
import { listOrders } from '../../../clinic/orders/operations/seller-orders.js';
import { ORDER_STATUSES } from '../../../clinic/orders/schemas.js';
import { clinicActor } from '../../actors.js';
import { pageFlag, pageResult } from '../../clinic-page.js';
import { commandFor } from '../../command.js';
import { tenantNameFlag } from '../../tenant-flag.js';
import { OrderListView } from '../../views/order.js';
import { orderGroup } from './group.js';

export function register(program: Command): void {
  orderGroup(program);
  commandFor(program, listOrders, {
    path: 'order list',
    description:
      'List the order requests sent to a tenant, oldest first, 50 per page; default the open queue',
    flags: [tenantNameFlag, pageFlag],
    input: {
      skip: ['tenant_id'],
      fields: {
        status: {
          description: `one of ${ORDER_STATUSES.join(', ')}, or all (default: pending and accepted)`,
        },
      },
    },
    examples: [
      'wfctl order list --tenant city-pharmacy',
      'wfctl order list --tenant city-pharmacy --status all --json',
    ],
    context: clinicActor,
    json: pageResult,
    view: (page, _f, names) => <OrderListView page={pageResult(page)} zone={names.tenantZone()} />,
  });
}
