// Correction requests against a locked month (issue 28): one request after a decision; the list.
import React from 'react';
import { Box } from '../ink.js';
import type { CorrectionRequestView } from '../../workforce/attendance/correction-requests/serialize.js';
import type { Page } from '../../workforce/listing.js';
import { formatTime } from '../time.js';
import { Summary } from './summary.js';
import { More } from './unit.js';

// The request does not carry its unit's time zone: times are shown in UTC, with the offset.
const at = (iso: string | null) => formatTime(iso);

export function CorrectionRequestDecidedView({ r }: { r: CorrectionRequestView }) {
  return (
    <Summary
      title={`Correction request ${r.id} ${r.status}: ${r.employee_id} on ${r.date}`}
      tone={r.status === 'approved' ? 'ok' : 'warn'}
      rows={[
        ['proposed check-in', at(r.proposed_check_in) ?? '—'],
        ['proposed check-out', at(r.proposed_check_out) ?? '—'],
        ['reason', r.reason],
        ...(r.status === 'approved'
          ? ([
              ['lock kept', String(r.lock_id)],
              ['attendance row', String(r.attendance_id)],
            ] as Array<[string, string]>)
          : ([['rejected because', r.decision_reason ?? '—']] as Array<[string, string]>)),
      ]}
    />
  );
}

export function CorrectionRequestListView({ page }: { page: Page<CorrectionRequestView> }) {
  return (
    <Box flexDirection="column">
      <Summary
        title={`Correction requests (${page.data.length})`}
        table={{
          columns: ['id', 'org', 'employee', 'date', 'check-in', 'check-out', 'status', 'reason'],
          rows: page.data.map((r) => [
            r.id,
            r.organization_code,
            r.employee_id,
            r.date,
            at(r.proposed_check_in),
            at(r.proposed_check_out),
            r.status,
            r.reason,
          ]),
        }}
      />
      <More page={page} />
    </Box>
  );
}
