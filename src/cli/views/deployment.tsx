// Deployments: a created or closed deployment, and a transfer's summary.
import React from 'react';
import type { CloseDeploymentResult } from '../../workforce/deployments/operations/close-deployment.js';
import type { CreateDeploymentResult } from '../../workforce/deployments/operations/create-deployment.js';
import type { TransferResult } from '../../workforce/deployments/operations/transfer-employee.js';
import { NO_NAMES, type Names } from '../names.js';
import { Summary } from './summary.js';

export function DeploymentView({
  result,
  names = NO_NAMES,
}: {
  result: CreateDeploymentResult | CloseDeploymentResult;
  names?: Names;
}) {
  const d = result.deployment;
  const what = 'deleted' in result ? (result.deleted ? 'Deleted' : 'Closed') : 'Created';
  return (
    <Summary
      title={
        result.dry_run
          ? `Preview: ${what.toLowerCase()} deployment (nothing changed yet)`
          : `${what} deployment ${d.id}`
      }
      tone={result.dry_run ? 'warn' : 'ok'}
      rows={[
        ['employee', names.employee(d.employee_id)],
        ['unit', names.unit(d.organization_unit_id)],
        ['from – to', `${d.starts_on} – ${d.ends_on ?? 'open'}`],
        ['primary', d.is_primary ? 'yes' : 'no'],
        ...('demoted_primary_deployment_ids' in result
          ? [
              ['demoted primaries', result.demoted_primary_deployment_ids.join(', ') || '—'] as [
                string,
                string,
              ],
              ['earlier primaries', describeChanges(result) || '—'] as [string, string],
            ]
          : []),
        ...('restored' in result && result.deleted
          ? [['primaries given back', describeRestored(result) || '—'] as [string, string]]
          : []),
      ]}
    />
  );
}

/** "12 primary 2026-01-01 – open again (pieces 14, 15 removed)": what a forced delete gave back. */
function describeRestored(result: CloseDeploymentResult): string {
  return result.restored
    .map(
      (r) =>
        `${r.deployment_id} primary ${r.starts_on} – ${r.ends_on ?? 'open'} again` +
        (r.removed_deployment_ids.length ? ` (pieces ${r.removed_deployment_ids.join(', ')} removed)` : ''),
    )
    .join(', ');
}

/** "12 split (primary until 2026-11-30), 14 demoted": what each overlapping primary became. */
function describeChanges(result: CreateDeploymentResult): string {
  return result.primary_changes
    .map((c) => {
      const kept = c.pieces.find((p) => p.id === c.deployment_id && p.is_primary);
      return `${c.deployment_id} ${c.action}${kept ? ` (primary until ${kept.ends_on})` : ''}`;
    })
    .join(', ');
}

export function TransferView({ result, names = NO_NAMES }: { result: TransferResult; names?: Names }) {
  const { closed_deployment: closed, opened_deployment: opened } = result;
  const code = result.employee.employee_id;
  return (
    <Summary
      title={result.dry_run ? `Preview: transfer ${code} (nothing changed yet)` : `Transferred ${code}`}
      tone={result.dry_run ? 'warn' : 'ok'}
      rows={[
        [
          'closed deployment',
          `${closed.id} at ${names.unit(closed.organization_unit_id)}, ends ${closed.ends_on}`,
        ],
        [
          'new primary deployment',
          `${opened.id ?? '(new)'} at ${names.unit(opened.organization_unit_id)}, from ${opened.starts_on}` +
            (opened.ends_on ? ` to ${opened.ends_on}` : ''),
        ],
        ['demoted primaries', result.demoted_primary_deployment_ids.join(', ') || '—'],
        ['shifts cancelled (re-assign)', result.shifts_cancelled.join(', ') || '—'],
      ]}
    />
  );
}
