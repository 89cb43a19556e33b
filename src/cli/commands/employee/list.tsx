// `wfctl employee list [--org ORG]`: employee.list, the employees (not offboarded) of the
// organizations where the actor reads people's records, by employee code.
import React from 'react';
import type { Command } from 'commander';
import { listEmployees } from '../../../workforce/employees/operations/read-employees.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { pageFields } from '../../page-flags.js';
import { EmployeeListView } from '../../views/employee.js';

export function register(program: Command): void {
  commandGroup(program, 'employee', 'Employees: list, show');
  commandFor(program, listEmployees, {
    path: 'employee list',
    description: 'List employees (not offboarded), by employee code',
    input: { fields: { organization: '--org <org>', ...pageFields } },
    examples: ['wfctl employee list --org ACME', 'wfctl employee list --org ACME --limit 500 --json'],
    context: workforceActor,
    names: (page) => ({ organizations: page.data.map((e) => e.organization_id) }),
    view: (page, _flags, names) => <EmployeeListView page={page} names={names} />,
  });
}
