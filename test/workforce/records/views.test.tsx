// The Ink summaries the lifecycle commands show on a terminal (their last frame).
import test from 'ava';
import { NO_NAMES } from '../../../src/cli/names.js';
import React from 'react';
import { render } from 'ink-testing-library';
import { OffboardView } from '../../../src/cli/views/offboard.js';
import { RetireOrganizationView } from '../../../src/cli/views/organization.js';
import { ImportView } from '../../../src/cli/views/import.js';

const employee = {
  id: 7,
  employee_id: 'E042',
  organization_id: 1,
  user_id: 9,
  name: 'Kiran Rao',
  email: null,
  is_active: false,
  last_working_day: '2026-01-31',
  exit_reason: 'Resigned',
  deleted_at: '2026-01-15T10:00:00.000Z',
  created_at: null,
  updated_at: null,
};
const offboard = {
  dry_run: true,
  employee,
  deployments_ended: [3, 4],
  shifts_cancelled: [11],
  devices_revoked: [],
  tokens_deleted: [1, 2],
  leaves_rejected: [5],
  regularizations_rejected: [],
  roles_removed: [{ role: 'employee', organization_id: 1 }],
  user_deactivated: 9,
};

test('the offboard preview says nothing changed yet; the result says what was done', (t) => {
  // The organization by its code, as the operator types it (issue 25), not its id.
  const names = { ...NO_NAMES, organization: (id: number | null | undefined) => (id === 1 ? 'ACME' : '?') };
  const preview = render(<OffboardView result={offboard} names={names} />).lastFrame() ?? '';
  t.regex(preview, /Preview: offboard E042 \(nothing changed yet\)/);
  t.regex(preview, /deployments ended\s+3, 4/);
  t.regex(preview, /roles removed\s+employee@ACME/);
  const done = render(<OffboardView result={{ ...offboard, dry_run: false }} />).lastFrame() ?? '';
  t.regex(done, /Offboarded E042/);
  t.regex(done, /tokens deleted\s+2/);
});

test('retiring an already retired organization says there was nothing to do', (t) => {
  const org = {
    id: 1,
    code: 'ACME',
    name: 'Acme',
    timezone: 'UTC',
    status: 'retired' as const,
    is_active: false,
    require_device_for_punches: true,
    retired_at: null,
    created_at: null,
    updated_at: null,
  };
  const frame =
    render(
      <RetireOrganizationView
        result={{
          dry_run: false,
          changed: false,
          organization: org,
          effective_date: '2026-01-31',
          before: { status: 'retired', is_active: false },
          after: { status: 'retired', is_active: false },
          units: [],
        }}
      />,
    ).lastFrame() ?? '';
  t.regex(frame, /Organization ACME is already retired: nothing to do/);
  t.regex(frame, /retired → retired/);
});

test('the import summary lists each section’s counts', (t) => {
  const frame =
    render(
      <ImportView
        result={{
          dry_run: true,
          ids: { organizations: {}, units: {}, users: {}, employees: {}, financial_years: {} },
          counts: {
            employees: { created: 3, updated: 0, existing: 1 },
            attendance: { created: 0, updated: 2, existing: 5 },
          },
          conflicts: [],
        }}
      />,
    ).lastFrame() ?? '';
  t.regex(frame, /Preview: import \(nothing was written\)/);
  t.regex(frame, /employees\s+3\s+0\s+1/);
  t.regex(frame, /attendance\s+0\s+2\s+5/);
  t.notRegex(frame, /corrected/);
});

test('the import summary lists the corrected attendance days it kept', (t) => {
  const frame =
    render(
      <ImportView
        result={{
          dry_run: false,
          ids: { organizations: {}, units: {}, users: {}, employees: {}, financial_years: {} },
          counts: { attendance: { created: 0, updated: 0, existing: 1 } },
          conflicts: [{ index: 4, employee_id: 'E001', date: '2026-01-05', fields: ['check_out', 'flags'] }],
        }}
      />,
    ).lastFrame() ?? '';
  t.regex(frame, /1 corrected attendance day kept \(--overwrite-corrected writes the document over them\)/);
  t.regex(frame, /attendance\[4\]\s+E001\s+2026-01-05\s+check_out, flags/);
});
