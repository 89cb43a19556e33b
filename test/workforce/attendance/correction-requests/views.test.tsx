// The correction requests' table and decision on a terminal: the proposed times in the
// organization's time zone with its offset, not in UTC; a filed request, a decision, and the
// preview a terminal shows before it asks to confirm one.
import test from 'ava';
import React from 'react';
import { render } from 'ink-testing-library';
import { NO_NAMES } from '../../../../src/cli/names.js';
import {
  CorrectionRequestShownView,
  CorrectionRequestListView,
} from '../../../../src/cli/views/correction-request.js';
import type { CorrectionRequestView } from '../../../../src/workforce/attendance/correction-requests/serialize.js';

const request: CorrectionRequestView = {
  id: 3,
  organization_id: 1,
  organization_code: 'ACME',
  employee_id: 'A1001',
  date: '2026-10-05',
  proposed_check_in: '2026-10-05T03:00:00.000Z',
  proposed_check_out: null,
  reason: 'The reader was down',
  status: 'approved',
  requested_by: 9,
  decided_by: 4,
  decided_at: '2026-11-02T06:00:00.000Z',
  decision_reason: null,
  lock_id: 13,
  attendance_id: 301,
  created_at: '2026-11-01T06:00:00.000Z',
};
const kolkata = { ...NO_NAMES, zone: (id: number | null | undefined) => (id === 1 ? 'Asia/Kolkata' : 'UTC') };

test('the list and a decision show the proposed check-in in the organization’s zone', (t) => {
  const page = { data: [request], meta: { next_cursor: null } };
  const list = render(<CorrectionRequestListView page={page as any} names={kolkata} />).lastFrame() ?? '';
  t.regex(list, /08:30/, list);
  t.notRegex(list, /03:00/);
  const decided = render(<CorrectionRequestShownView r={request} names={kolkata} />).lastFrame() ?? '';
  t.regex(decided, /08:30/, decided);
});

test('filed, previewed and approved read as what happened, with no internal ids', (t) => {
  const users = {
    ...kolkata,
    user: (id: number | null | undefined) => (id === 9 ? 'a1001@acme.demo' : `#${id}`),
  };
  const pending = { ...request, status: 'pending' as const, lock_id: null, attendance_id: null };
  const filed = render(<CorrectionRequestShownView r={pending} names={users} />).lastFrame() ?? '';
  t.regex(filed, /Correction request 3 filed: A1001 on 2026-10-05/, filed);
  t.regex(filed, /requested by\s+a1001@acme\.demo/);
  t.regex(filed, /2026-10-05 08:30 \+05:30/);
  t.regex(filed, /2026-11-01 11:30 \+05:30/, 'filed at, in the zone');
  t.notRegex(filed, /T03:00|organization id/);

  const preview = render(<CorrectionRequestShownView r={request} names={users} preview />).lastFrame() ?? '';
  t.regex(preview, /Correction request 3 would be approved: A1001 on 2026-10-05/, preview);
  t.notRegex(preview, /attendance row/, 'a preview’s row is rolled back with it');

  const approved = render(<CorrectionRequestShownView r={request} names={users} />).lastFrame() ?? '';
  t.regex(approved, /Correction request 3 approved: A1001/, approved);
  t.regex(approved, /attendance row\s+301/);
});
