// `wfctl partner deliveries [--failed] [--partner NAME] [--limit N]`: delivery.list, newest first.
import React from 'react';
import type { Command } from 'commander';
import { listDeliveries } from '../../../workforce/partners/deliveries/operations/list-deliveries.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { DeliveriesView } from '../../views/partner-push.js';
import { PARTNER_GROUP } from './add.js';

export function register(program: Command): void {
  commandGroup(program, 'partner', PARTNER_GROUP);
  commandFor(program, listDeliveries, {
    path: 'partner deliveries',
    description: 'The delivery ledger, newest first',
    input: {
      fields: {
        failed: { description: 'only batches that failed' },
        partner: { flags: '--partner <name>', description: 'only this partner' },
        limit: { flags: '--limit <n>', description: 'at most this many (default 100, at most 1000)' },
      },
    },
    examples: ['wfctl partner deliveries', 'wfctl partner deliveries --failed --partner Paywise --json'],
    context: workforceActor,
    json: (r, flags) => ({
      data: r.data,
      meta: { failed: Boolean(flags.failed), partner: flags.partner ?? null },
    }),
    view: (r, flags) => <DeliveriesView data={r.data} failed={Boolean(flags.failed)} />,
  });
}
