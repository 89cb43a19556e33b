// `wfctl employee show EMPLOYEE`: employee.get, the record with its deployments (as GET
// /employees/{id} shows it; an offboarded employee stays readable by admins).
import React from 'react';
import type { Command } from 'commander';
import { getEmployee } from '../../../workforce/employees/operations/read-employees.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { EmployeeShowView } from '../../views/employee.js';
import { employeeArg } from '../../lookup.js';

export function register(program: Command): void {
  commandGroup(program, 'employee', 'Employees: list, show');
  commandFor(program, getEmployee, {
    path: 'employee show',
    description: 'An employee with its deployments',
    args: [employeeArg],
    input: { skip: ['employee_id'] },
    examples: ['wfctl employee show A1002', 'wfctl employee show A1002 --json'],
    context: workforceActor,
    names: (e) => ({
      organizations: [e.organization_id],
      users: [e.user_id],
      units: e.deployments.map((d) => d.organization_unit_id),
    }),
    view: (employee, _flags, names) => <EmployeeShowView employee={employee} names={names} />,
  });
}
