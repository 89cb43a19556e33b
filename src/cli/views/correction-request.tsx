// Correction requests against a locked month (issue 28): one request (filed, decided, or a
// decision's preview); the list.
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

/**
 * One request: just filed (pending), decided, or the preview of a decision a terminal asks to
 * confirm (nothing is decided yet, so its title says what would happen).
 */
export function CorrectionRequestShownView({
  r,
  names = NO_NAMES,
  preview = false,
}: {
  r: CorrectionRequestView;
  names?: Names;
  preview?: boolean;
}) {
  const at = zoned(names, r);
  const what = `${r.employee_id} on ${r.date}`;
  const title =
    r.status === 'pending'
      ? `Correction request ${r.id} filed: ${what}`
      : preview
        ? `Correction request ${r.id} would be ${r.status}: ${what}`
        : `Correction request ${r.id} ${r.status}: ${what}`;
  const decision: Array<[string, string]> =
    r.status === 'pending'
      ? [['requested by', names.user(r.requested_by)]]
      : r.status === 'approved'
        ? [
            ['lock kept', String(r.lock_id)],
            // A preview's row is rolled back with it: only a real approval names one.
            ...(preview ? [] : ([['attendance row', String(r.attendance_id)]] as Array<[string, string]>)),
          ]
        : [['rejected because', r.decision_reason ?? '—']];
  return (
    <Summary
      title={title}
      tone={r.status === 'approved' && !preview ? 'ok' : 'warn'}
      rows={[
        ['organization', r.organization_code],
        ['proposed check-in', at(r.proposed_check_in) ?? '—'],
        ['proposed check-out', at(r.proposed_check_out) ?? '—'],
        ['reason', r.reason],
        ...decision,
        ['filed at', at(r.created_at) ?? '—'],
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
