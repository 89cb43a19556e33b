// `wfctl attendance requests approve ID`: attendance.correction-request.approve, as
// POST /attendance/correction-requests/{id}/approve runs it (issue 28). The day is corrected
// inside its locked month and partners receive it on the next push, so it asks first.
import React from 'react';
import type { Command } from 'commander';
import { approveRequest } from '../../../../workforce/attendance/correction-requests/operations/approve-request.js';
import { workforceActor } from '../../../actors.js';
import { commandFor } from '../../../command.js';
import { CorrectionRequestShownView } from '../../../views/correction-request.js';
import { requestArg, requestsGroup } from './list.js';

export function register(program: Command): void {
  requestsGroup(program);
  commandFor(program, approveRequest, {
    path: 'attendance requests approve',
    description:
      'Approve a correction request: correct its day inside the locked month (partners are sent it)',
    args: [requestArg],
    input: {},
    examples: ['wfctl attendance requests approve 1 --yes'],
    context: workforceActor,
    confirm: (args) =>
      `Approve correction request ${args.id}? The locked day is corrected and sent to partners.`,
    names: (r) => ({ organizations: [r.organization_id] }),
    view: (r, flags, names) => (
      <CorrectionRequestShownView r={r} names={names} preview={Boolean(flags.dryRun)} />
    ),
  });
}
