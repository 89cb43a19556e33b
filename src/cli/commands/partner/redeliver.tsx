// `wfctl partner redeliver DELIVERY`: delivery.redeliver — one batch again, same records and same
// X-Attendance-Delivery-Id. Exit 1 when it fails again (with --json: the result, code PUSH_FAILED).
import React from 'react';
import type { Command } from 'commander';
import { redeliverBatch } from '../../../workforce/partners/deliveries/operations/redeliver.js';
import { workforceActor } from '../../actors.js';
import { CommandFailed } from '../../command-failed.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { RedeliverView } from '../../views/partner-push.js';
import { PARTNER_GROUP } from './add.js';

export function register(program: Command): void {
  commandGroup(program, 'partner', PARTNER_GROUP);
  commandFor(program, redeliverBatch, {
    path: 'partner redeliver',
    description: 'Send one batch again (same records, same X-Attendance-Delivery-Id)',
    args: [
      {
        name: 'delivery',
        description: 'the delivery number (id column) or its delivery id',
        prompt: 'Delivery (number or delivery id)?',
        field: 'delivery',
      },
    ],
    examples: ['wfctl partner redeliver 42', 'wfctl partner redeliver 42 --json'],
    context: workforceActor,
    toInput: async (args) => ({ delivery: args.delivery }),
    failure: (r) =>
      r.ok
        ? undefined
        : new CommandFailed(`Delivery ${r.delivery.id} failed: ${r.delivery.last_error}`, 'PUSH_FAILED', {
            ...r,
          }),
    view: (r) => <RedeliverView r={r} />,
  });
}
