// Order requests sent to a seller tenant: the queue, and one order after a move.
import React from 'react';
import type { OrderMove } from '../../clinic/orders/operations/seller-orders.js';
import type { OrderView } from '../../clinic/orders/serialize.js';
import { PageList, type ZonedPageProps } from './page-list.js';
import { formatTime } from '../time.js';
import { Summary } from './summary.js';

export function OrderListView({ page, zone = 'UTC' }: ZonedPageProps<OrderView>) {
  return (
    <PageList
      noun="Orders"
      page={page}
      columns={['id', 'status', 'kind', 'pet', 'requester', 'delivery', 'items', 'created']}
      row={(o) => [
        o.id,
        o.status,
        o.kind,
        `${o.pet.name} (${o.pet.id})`,
        o.requester.name,
        o.delivery_preference,
        o.item_summary,
        formatTime(o.created_at, zone),
      ]}
    />
  );
}

export function OrderMovedView({ move }: { move: OrderMove }) {
  const { order, dry_run: dryRun } = move;
  return (
    <Summary
      title={
        dryRun
          ? `Preview: order ${order.id} would become ${order.status} (nothing changed yet)`
          : `Order ${order.id} is ${order.status}`
      }
      tone={dryRun ? 'warn' : 'ok'}
      rows={[
        ['order', `id ${order.id} (${order.kind})`],
        ['status', order.status],
        ['pet', `${order.pet.name} (id ${order.pet.id})`],
        ['requester', `${order.requester.name} <${order.requester.email}>`],
        ['items', order.item_summary ?? '—'],
        [
          'delivery',
          order.delivery_address
            ? `${order.delivery_preference} to ${order.delivery_address}`
            : order.delivery_preference,
        ],
        ['assignee', order.assignee ? `${order.assignee.name} (id ${order.assignee.id})` : '—'],
        ['reason', order.reason ?? '—'],
      ]}
    />
  );
}
