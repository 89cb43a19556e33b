// Correction requests against a locked month (issue 28): one request after a decision; the list.
import React from 'react';
import { Box } from '../ink.js';
import type { CorrectionRequestView } from '../../workforce/attendance/correction-requests/serialize.js';
import type { Page } from '../../workforce/listing.js';
import { formatTime } from '../time.js';
import { NO_NAMES, type Names } from '../names.js';
import { Summary } from './summary.js';
import { More } from './unit.js';

// Times in the organization's time zone, with the offset (the request names its organization, not
// its unit; the offset keeps a unit in another zone unambiguous).
const zoned = (names: Names, r: CorrectionRequestView) => (iso: string | null) =>
  formatTime(iso, names.zone(r.organization_id));

export function CorrectionRequestDecidedView({
  r,
  names = NO_NAMES,
}: {
  r: CorrectionRequestView;
  names?: Names;
}) {
  const at = zoned(names, r);
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

export function CorrectionRequestListView({
  page,
  names = NO_NAMES,
}: {
  page: Page<CorrectionRequestView>;
  names?: Names;
}) {
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
            zoned(names, r)(r.proposed_check_in),
            zoned(names, r)(r.proposed_check_out),
            r.status,
            r.reason,
          ]),
        }}
      />
      <More page={page} />
    </Box>
  );
}
