// `wfctl attendance requests list [--status S] [--employee CODE] [--month YYYY-MM] [--org ORG]`:
// attendance.correction-request.list, as GET /attendance/correction-requests runs it (issue 28).
import React from 'react';
import type { Command } from 'commander';
import { listCorrectionRequests } from '../../../../workforce/attendance/correction-requests/operations/list-requests.js';
import { workforceActor } from '../../../actors.js';
import { commandFor } from '../../../command.js';
import { commandGroup } from '../../../group.js';
import { organizationRef } from '../../../lookup.js';
import { pageFlags } from '../../../page-flags.js';
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

export function register(program: Command): void {
  requestsGroup(program);
  commandFor(program, listCorrectionRequests, {
    path: 'attendance requests list',
    description: 'List correction requests, oldest first (--status pending: the queue to decide)',
    flags: [
      { flags: '--status <status>', description: 'pending, approved or rejected', field: 'status' },
      { flags: '--employee <code>', description: 'only this employee (code)', field: 'employee_id' },
      { flags: '--month <month>', description: 'only days of this month (YYYY-MM)', field: 'month' },
      {
        flags: '--org <org>',
        description: 'only this organization: code (ACME) or id',
        field: 'organization_id',
      },
      ...pageFlags,
    ],
    examples: [
      'wfctl attendance requests list --status pending',
      'wfctl attendance requests list --month 2026-01 --json',
    ],
    context: workforceActor,
    toInput: async (_args, flags, ctx) => ({
      status: flags.status,
      employee_id: flags.employee,
      month: flags.month,
      organization_id:
        flags.org === undefined
          ? undefined
          : (await organizationRef(ctx.services.db, flags.org as string)).id,
      limit: flags.limit,
      cursor: flags.cursor,
    }),
    view: (page) => <CorrectionRequestListView page={page} />,
  });
}
