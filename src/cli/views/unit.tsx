// Units: the retirement summary (also shown per unit inside an organization's retirement) and
// the list of units.
import React from 'react';
import { Box, Text } from '../ink.js';
import type { RetireUnitResult } from '../../workforce/units/operations/retire-unit.js';
import type { UnitView } from '../../workforce/units/serialize.js';
import type { Page } from '../../workforce/listing.js';
import { NO_NAMES, type Names } from '../names.js';
import { Summary } from './summary.js';

const ids = (list: number[]) => (list.length ? list.join(', ') : '—');

export function RetireUnitView({
  result,
  title,
  names = NO_NAMES,
}: {
  result: Omit<RetireUnitResult, 'dry_run' | 'effective_date'> & { dry_run?: boolean };
  title?: string;
  names?: Names;
}) {
  const u = result.unit;
  return (
    <Summary
      title={
        title ??
        (result.dry_run ? `Preview: retire unit ${u.code} (nothing changed yet)` : `Retired unit ${u.code}`)
      }
      tone={result.dry_run ? 'warn' : 'ok'}
      rows={[
        ['unit', `${u.code} ${u.name} (id ${u.id})`],
        ['deployments ended', ids(result.deployments_ended)],
        ['shifts cancelled', ids(result.shifts_cancelled)],
      ]}
      table={
        result.deployments_transferred.length
          ? {
              columns: ['employee', 'from deployment', 'to unit', 'new deployment'],
              rows: result.deployments_transferred.map((x) => [
                names.employee(x.employee_id),
                x.from_deployment_id,
                names.unit(x.target_unit_id),
                x.to_deployment_id,
              ]),
            }
          : undefined
      }
    />
  );
}

export function UnitListView({ page, names = NO_NAMES }: { page: Page<UnitView>; names?: Names }) {
  return (
    <Box flexDirection="column">
      <Summary
        title={`Units (${page.data.length})`}
        table={{
          columns: ['id', 'organization', 'code', 'name', 'timezone', 'status'],
          rows: page.data.map((u) => [
            u.id,
            names.organization(u.organization_id),
            u.code,
            u.name,
            u.timezone,
            u.status,
          ]),
        }}
      />
      <More page={page} />
    </Box>
  );
}

/** The line under a list that has another page. */
export function More({ page }: { page: Page<unknown> }) {
  if (!page.meta.next_cursor) return null;
  return <Text dimColor>more: --cursor {page.meta.next_cursor}</Text>;
}
