// `wfctl partner redeliver DELIVERY | --all-dead`: delivery.redeliver — one batch (or every dead
// one) again with a fresh budget of five attempts, same records and same X-Attendance-Delivery-Id.
// A batch a crashed run still claims is taken over once its lease lapses. Exit 1 when a batch
// fails again (with --json: the result, code PUSH_FAILED).
import React from 'react';
import type { Command } from 'commander';
import { redeliverBatch } from '../../../workforce/partners/deliveries/operations/redeliver.js';
import { CommandFailed } from '../../command-failed.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { RedeliverView, withPushProgress } from '../../views/partner-push.js';
import { PARTNER_GROUP } from './add.js';

export function register(program: Command): void {
  commandGroup(program, 'partner', PARTNER_GROUP);
  commandFor(program, redeliverBatch, {
    path: 'partner redeliver',
    description: 'Send one batch (or every dead one) again, with a fresh budget of five attempts',
    args: [
      {
        name: 'delivery',
        description: 'the delivery number (id column) or its delivery id',
        optional: true,
        field: 'delivery',
      },
    ],
    input: { fields: { all_dead: { description: 'every dead batch of a current lock' } } },
    examples: [
      'wfctl partner redeliver 42',
      'wfctl partner redeliver 3f6d1c1e-8a0b-4c55-9b52-0d6f1f3b2a77 --json',
      'wfctl partner redeliver --all-dead',
    ],
    // On a terminal a live line follows the attempts (n/N) and counts down each wait.
    ...withPushProgress('Claiming the batch…'),
    failure: (r) => {
      if (r.ok) return undefined;
      const bad = r.deliveries.filter((d) => d.status !== 'delivered');
      const busy = r.skipped.filter((s) => s.code !== 'LOCK_GONE' && s.code !== 'PARTNER_INACTIVE');
      const named = [
        ...bad.map((d) => `delivery ${d.id} ${d.status}: ${d.last_error}`),
        ...busy.map((s) => `delivery ${s.id} not sent (${s.code})`),
      ];
      return new CommandFailed(`Not delivered: ${named.join('; ')}`, 'PUSH_FAILED', { ...r });
    },
    view: (r) => <RedeliverView r={r} />,
  });
}
