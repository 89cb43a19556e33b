// The payment gateway's webhook deliveries as they were kept.
import React from 'react';
import type { ListedGatewayEvent } from '../../clinic/gateway/operations/list-gateway-events.js';
import type { pageResult } from '../clinic-page.js';
import { formatTime } from '../time.js';
import { Summary } from './summary.js';

export function GatewayEventListView({
  page,
  zone = 'UTC',
}: {
  page: ReturnType<typeof pageResult<ListedGatewayEvent>>;
  /** The --tenant's time zone when one is named (src/cli/names.ts); UTC across tenants. */
  zone?: string;
}) {
  const { meta } = page;
  return (
    <Summary
      title={`Gateway events: page ${meta.current_page} of ${meta.last_page} (${meta.total} in all)`}
      table={{
        columns: ['id', 'received at', 'event', 'outcome', 'invoice', 'payment', 'order', 'unreconciled'],
        rows: page.data.map((e) => [
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
        ]),
      }}
    />
  );
}
