// The payment gateway's webhook deliveries as they were kept.
import React from 'react';
import type { ListedGatewayEvent } from '../../clinic/gateway/operations/list-gateway-events.js';
import { PageList, type ZonedPageProps } from './page-list.js';
import { formatTime } from '../time.js';

export function GatewayEventListView({ page, zone = 'UTC' }: ZonedPageProps<ListedGatewayEvent>) {
  return (
    <PageList
      noun="Gateway events"
      page={page}
      columns={['id', 'received at', 'event', 'outcome', 'invoice', 'payment', 'order', 'unreconciled']}
      row={(e) => [
        e.id,
        formatTime(e.received_at, zone),
        e.event,
        e.outcome,
        e.invoice_id,
        e.provider_payment_id,
        e.provider_order_id,
        e.unreconciled_payment
          ? `#${e.unreconciled_payment.id} ${e.unreconciled_payment.status}: ${e.unreconciled_payment.amount} ${e.unreconciled_payment.currency} (${e.unreconciled_payment.reason})`
          : '',
      ]}
    />
  );
}
