// Employees: one record with its deployments, and the list.
import React from 'react';
import { Box } from '../ink.js';
import type { EmployeeWithDeployments } from '../../workforce/employees/operations/read-employees.js';
import type { EmployeeView } from '../../workforce/employees/serialize.js';
import type { Page } from '../../workforce/listing.js';
import { NO_NAMES, type Names } from '../names.js';
import { Summary } from './summary.js';
import { More } from './unit.js';

const status = (e: EmployeeView) => (e.deleted_at ? 'offboarded' : e.is_active ? 'active' : 'inactive');

export function EmployeeShowView({
  employee: e,
  names = NO_NAMES,
}: {
  employee: EmployeeWithDeployments;
  names?: Names;
}) {
  return (
    <Summary
      title={`${e.employee_id} ${e.name}`}
      tone={e.deleted_at ? 'warn' : 'ok'}
      rows={[
        ['id', String(e.id)],
        ['organization', names.organization(e.organization_id)],
        ['email', e.email ?? '—'],
        ['user', names.user(e.user_id)],
        ['status', status(e)],
        ['last working day', e.last_working_day ?? '—'],
        ['exit reason', e.exit_reason ?? '—'],
      ]}
      table={{
        columns: ['deployment', 'unit', 'from', 'to', 'primary'],
        rows: e.deployments.map((d) => [
          d.id,
          names.unit(d.organization_unit_id),
          d.starts_on,
          d.ends_on ?? 'open',
          d.is_primary ? 'yes' : 'no',
        ]),
      }}
    />
  );
}

export function EmployeeListView({ page, names = NO_NAMES }: { page: Page<EmployeeView>; names?: Names }) {
  return (
    <Box flexDirection="column">
      <Summary
        title={`Employees (${page.data.length})`}
        table={{
          columns: ['code', 'name', 'organization', 'email', 'status'],
          rows: page.data.map((e) => [
            e.employee_id,
            e.name,
            names.organization(e.organization_id),
            e.email,
            status(e),
          ]),
        }}
      />
      <More page={page} />
    </Box>
  );
}
