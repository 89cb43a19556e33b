// `wfctl attendance requests file [EMPLOYEE] --date D [--check-in I] [--check-out I] --reason R`:
// attendance.correction-request.file, as POST /attendance/correction-requests runs it (issue 28).
// Usually the employee's app files it; here an operator files it as someone (`--actor EMAIL`: the
// employee for their own day, or a manager for their team).
import React from 'react';
import type { Command } from 'commander';
import { fileCorrectionRequest } from '../../../../workforce/attendance/correction-requests/operations/file-request.js';
import { workforceActor } from '../../../actors.js';
import { commandFor } from '../../../command.js';
import { CorrectionRequestShownView } from '../../../views/correction-request.js';
import { requestsGroup } from './list.js';

export function register(program: Command): void {
  requestsGroup(program);
  commandFor(program, fileCorrectionRequest, {
    path: 'attendance requests file',
    description: 'Ask for one day of a locked month to be corrected (as the employee, or their manager)',
    args: [
      {
        name: 'employee',
        description: "employee code; omitted: the actor's own employee record",
        optional: true,
        field: 'employee_id',
      },
    ],
    input: {
      fields: {
        date: { description: 'the day (YYYY-MM-DD)', required: true },
        check_in: {
          flags: '--check-in <instant>',
          description: 'proposed check-in, e.g. 2025-01-13T03:30:00Z',
        },
        check_out: {
          flags: '--check-out <instant>',
          description: 'proposed check-out (instant with offset)',
        },
        reason: { description: 'why, for who decides', required: true },
      },
    },
    examples: [
      'wfctl attendance requests file --actor a1001@acme.demo --date 2025-01-13 --check-in 2025-01-13T03:30:00Z --reason "reader down"',
    ],
    context: workforceActor,
    names: (r) => ({ organizations: [r.organization_id], users: [r.requested_by] }),
    view: (r, _flags, names) => <CorrectionRequestShownView r={r} names={names} />,
  });
}
