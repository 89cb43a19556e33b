// Organizations: the retirement summary (with each unit's) and the list of organizations.
import React from 'react';
import { Box } from '../ink.js';
import type { OrganizationSettingsResult } from '../../workforce/organizations/operations/update-settings.js';
import type { RetireOrganizationResult } from '../../workforce/organizations/operations/retire-organization.js';
import type { OrganizationView } from '../../workforce/organizations/serialize.js';
import type { Page } from '../../workforce/listing.js';
import { Summary } from './summary.js';
import { More, RetireUnitView } from './unit.js';

export function RetireOrganizationView({ result }: { result: RetireOrganizationResult }) {
  const o = result.organization;
  const title = !result.changed
    ? `Organization ${o.code} is already retired: nothing to do`
    : result.dry_run
      ? `Preview: retire organization ${o.code} (nothing changed yet)`
      : `Retired organization ${o.code}`;
  return (
    <Box flexDirection="column">
      <Summary
        title={title}
        tone={result.dry_run || !result.changed ? 'warn' : 'ok'}
        rows={[
          ['organization', `${o.code} ${o.name} (id ${o.id})`],
          ['status', `${result.before.status} → ${result.after.status}`],
          ['units retired', String(result.units.length)],
        ]}
      />
      {result.units.map((u) => (
        <RetireUnitView key={u.unit.id} result={u} title={`  unit ${u.unit.code}`} />
      ))}
    </Box>
  );
}

export function OrganizationListView({ page }: { page: Page<OrganizationView> }) {
  return (
    <Box flexDirection="column">
      <Summary
        title={`Organizations (${page.data.length})`}
        table={{
          columns: ['id', 'code', 'name', 'timezone', 'status'],
          rows: page.data.map((o) => [o.id, o.code, o.name, o.timezone, o.status]),
        }}
      />
      <More page={page} />
    </Box>
  );
}

export function OrganizationSettingsView({ result }: { result: OrganizationSettingsResult }) {
  const o = result.organization;
  return (
    <Summary
      title={result.changed ? `Changed the settings of ${o.code}` : `${o.code} already has these settings`}
      tone={result.changed ? 'ok' : 'warn'}
      rows={[['require device for punches', o.require_device_for_punches ? 'yes' : 'no']]}
    />
  );
}
