// `wfctl attendance requests list [--status S] [--employee CODE] [--month YYYY-MM] [--org ORG]`:
// attendance.correction-request.list, as GET /attendance/correction-requests runs it (issue 28).
import React from 'react';
import type { Command } from 'commander';
import { listCorrectionRequests } from '../../../../workforce/attendance/correction-requests/operations/list-requests.js';
import { workforceActor } from '../../../actors.js';
import { commandFor, type ArgSpec } from '../../../command.js';
import { commandGroup } from '../../../group.js';
import { pageFields } from '../../../page-flags.js';
import { CorrectionRequestListView } from '../../../views/correction-request.js';

export function requestsGroup(program: Command): void {
  commandGroup(
    commandGroup(
      program,
      'attendance',
      'Attendance beyond locks: correction requests against a locked month',
    ),
    'requests',
    'Correction requests against a locked month: list, approve, reject (hr, org_admin)',
  );
}

/** ID of `approve` and `reject`: the request the operation decides. */
export const requestArg: ArgSpec = {
  name: 'id',
  description: 'request id (see `wfctl attendance requests list`)',
  prompt: 'Request id?',
  field: 'request_id',
};

export function register(program: Command): void {
  requestsGroup(program);
  commandFor(program, listCorrectionRequests, {
    path: 'attendance requests list',
    description: 'List correction requests, oldest first (--status pending: the queue to decide)',
    input: {
      skip: ['organization_id'],
      fields: {
        status: { flags: '--status <status>', description: 'pending, approved or rejected' },
        employee_id: { flags: '--employee <code>', description: 'only this employee (code)' },
        month: { flags: '--month <month>', description: 'only days of this month (YYYY-MM)' },
        organization: '--org <org>',
        ...pageFields,
      },
    },
    examples: [
      'wfctl attendance requests list --status pending',
      'wfctl attendance requests list --month 2026-01 --json',
    ],
    context: workforceActor,
    names: (page) => ({ organizations: page.data.map((r) => r.organization_id) }),
    view: (page, _flags, names) => <CorrectionRequestListView page={page} names={names} />,
  });
}
