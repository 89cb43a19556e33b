// `wfctl partner push [--partner NAME] [--org ORG] [--month YYYY-MM] [--dry-run]`: partner.push, what
// cron and the nightly job run. Exit 0 when everything due was delivered, 1 when the run ends with
// any batch undelivered — failed, dead, or still claimed by another (possibly crashed) run — each
// named (with --json the result with code PUSH_FAILED is the output), 2 for usage errors. On a
// terminal a live line on stderr follows the batches (attempt n/N, the wait before a retry).
import React from 'react';
import type { Command } from 'commander';
import { pushToPartners } from '../../../workforce/partners/deliveries/operations/push-to-partners.js';
import type { UndeliveredBatch } from '../../../workforce/partners/deliveries/serialize.js';
import { undeliveredMessage } from '../../../workforce/partners/deliveries/nightly-push.js';
import { CommandFailed } from '../../command-failed.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { PushView, withPushProgress } from '../../views/partner-push.js';
import { PARTNER_GROUP } from './add.js';

export function register(program: Command): void {
  commandGroup(program, 'partner', PARTNER_GROUP);
  commandFor(program, pushToPartners, {
    path: 'partner push',
    description: 'Send every partner the locked days it has not received (what cron runs)',
    input: {
      fields: {
        partner: { flags: '--partner <name>', description: 'only this partner' },
        org: { flags: '--org <code>', description: 'only this organization (code or id)' },
        month: { flags: '--month <YYYY-MM>', description: 'only this month' },
        dry_run: { description: 'print partners, months, record counts and batches; send nothing' },
      },
    },
    examples: ['wfctl partner push --dry-run', 'wfctl partner push --partner Paywise --month 2026-01 --json'],
    ...withPushProgress('Looking for locked days due…'),
    failure: (r) => {
      if (r.ok) return undefined;
      return new CommandFailed(
        `${r.failed_batches} batch(es) failed; ${undeliveredMessage(r)} ` +
          'Failed batches are due again on the next push; dead ones only by redeliver.',
        'PUSH_FAILED',
        { ...r },
        failureErrors(r.undelivered),
      );
    },
    view: (r) => <PushView {...r} />,
  });
}

function failureErrors(undelivered: UndeliveredBatch[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of undelivered) {
    const why =
      f.reason === 'claimed'
        ? `claimed by ${f.claimed_by} until ${f.claimed_until} (taken over once that lease lapses)`
        : `${f.reason}, ${f.attempts} attempt(s): ${f.last_error}`;
    out[`delivery ${f.id}`] = [
      `${f.partner} ${f.organization_code} ${f.month} batch ${f.batch_index} (${f.record_count} records), ${why}`,
    ];
  }
  return out;
}
