// `wfctl unlock LOCK_ID --reason TEXT`: attendance.unlock, as POST /attendance/unlock runs it.
import React from 'react';
import type { Command } from 'commander';
import { unlockMonth } from '../../workforce/attendance/operations/unlock-month.js';
import { workforceActor } from '../actors.js';
import { commandFor } from '../command.js';
import { UnlockView } from '../views/lock.js';

export function register(program: Command): void {
  commandFor(program, unlockMonth, {
    path: 'unlock',
    description: 'Unlock the rows a lock stamped and delete the lock (org_admin or system_admin)',
    args: [
      {
        name: 'lock_id',
        description: 'the lock id (see `wfctl locks`)',
        prompt: 'Lock id?',
        field: 'lock_id',
      },
    ],
    input: {
      fields: {
        reason: {
          flags: '--reason <text>',
          description: 'why (recorded in the audit trail)',
          prompt: 'Reason for unlocking?',
        },
      },
    },
    // Unlocking lets a locked month change again (and partners receive it again once relocked).
    confirm: (args, flags) =>
      `Unlock lock ${args.lock_id} (${String(flags.reason)})? Its rows become editable again.`,
    examples: [
      'wfctl unlock 12 --reason "late punches" --dry-run',
      'wfctl unlock 12 --reason "late punches" --yes',
    ],
    context: workforceActor,
    names: (r) => ({ organizations: [r.organization_id], units: [r.organization_unit_id] }),
    view: (result, _flags, names) => <UnlockView result={result} names={names} />,
  });
}
