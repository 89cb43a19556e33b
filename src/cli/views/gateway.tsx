// The payment gateway's webhook deliveries as they were kept.
import React from 'react';
import type { GatewayEventView } from '../../clinic/gateway/serialize.js';
import type { pageResult } from '../clinic-page.js';
import { Summary } from './summary.js';

export function GatewayEventListView({ page }: { page: ReturnType<typeof pageResult<GatewayEventView>> }) {
  const { meta } = page;
  return (
    <Summary
      title={`Gateway events: page ${meta.current_page} of ${meta.last_page} (${meta.total} in all)`}
      table={{
        columns: ['id', 'received at', 'event', 'outcome', 'invoice', 'payment', 'order'],
        rows: page.data.map((e) => [
          e.id,
          e.received_at,
          e.event,
          e.outcome,
          e.invoice_id,
          e.provider_payment_id,
          e.provider_order_id,
        ]),
      }}
    />
  );
}
