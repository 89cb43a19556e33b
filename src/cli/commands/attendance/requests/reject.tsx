// `wfctl attendance requests reject ID --reason TEXT`: attendance.correction-request.reject, as
// POST /attendance/correction-requests/{id}/reject runs it (issue 28). The reason is required.
import React from 'react';
import type { Command } from 'commander';
import { rejectRequest } from '../../../../workforce/attendance/correction-requests/operations/reject-request.js';
import { workforceActor } from '../../../actors.js';
import { commandFor } from '../../../command.js';
import { CorrectionRequestShownView } from '../../../views/correction-request.js';
import { requestArg, requestsGroup } from './list.js';

export function register(program: Command): void {
  requestsGroup(program);
  commandFor(program, rejectRequest, {
    path: 'attendance requests reject',
    description: 'Reject a correction request with a reason (the day is not touched)',
    args: [requestArg],
    input: {
      fields: {
        reason: {
          flags: '--reason <text>',
          description: 'why, shown to who asked',
          prompt: 'Reason for rejecting?',
        },
      },
    },
    examples: ['wfctl attendance requests reject 1 --reason "The gate log shows 17:30."'],
    context: workforceActor,
    names: (r) => ({ organizations: [r.organization_id] }),
    view: (r, flags, names) => (
      <CorrectionRequestShownView r={r} names={names} preview={Boolean(flags.dryRun)} />
    ),
  });
}
