// `wfctl gateway events [--tenant TENANT] [--outcome OUTCOME] [--invoice ID]`: gateway-event.list,
// the webhook deliveries as kept (the operator sees them all; a member with --actor their tenants').
import React from 'react';
import type { Command } from 'commander';
import { WEBHOOK_OUTCOMES } from '../../../clinic/gateway/operations/handle-gateway-webhook.js';
import { listGatewayEvents } from '../../../clinic/gateway/operations/list-gateway-events.js';
import { clinicActor } from '../../actors.js';
import { pageFlag, pageResult } from '../../clinic-page.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { checkTenant } from '../../lookup.js';
import { GatewayEventListView } from '../../views/gateway.js';

export function register(program: Command): void {
  commandGroup(program, 'gateway', 'The payment gateway: its webhook deliveries');
  commandFor(program, listGatewayEvents, {
    path: 'gateway events',
    description: 'List the gateway’s webhook deliveries as kept, newest first, 50 per page',
    flags: [
      {
        flags: '--tenant <tenant>',
        description: 'only this tenant’s invoices (id or slug)',
        field: 'tenant',
        lookup: checkTenant,
      },
      pageFlag,
    ],
    input: {
      skip: ['tenant_id'],
      fields: {
        outcome: { description: `one of ${WEBHOOK_OUTCOMES.join(', ')}` },
        invoice_id: { flags: '--invoice <id>', description: 'only this invoice’s' },
        unreconciled: {
          description:
            'only captures kept as unreconciled and still open (resolve them with `gateway resolve`)',
        },
      },
    },
    examples: [
      'wfctl gateway events --outcome mismatch',
      'wfctl gateway events --unreconciled',
      'wfctl gateway events --tenant happy-paws --json',
    ],
    context: clinicActor,
    json: pageResult,
    view: (page, _f, names) => <GatewayEventListView page={pageResult(page)} zone={names.tenantZone()} />,
  });
}
