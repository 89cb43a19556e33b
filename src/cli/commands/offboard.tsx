// `wfctl offboard EMPLOYEE --last-day DATE --reason TEXT`: employee.offboard, as HTTP runs it.
import React from 'react';
import type { Command } from 'commander';
import { offboardEmployee } from '../../workforce/employees/operations/offboard-employee.js';
import { workforceActor } from '../actors.js';
import { commandFor } from '../command.js';
import { OffboardView } from '../views/offboard.js';
import { employeeArg } from '../lookup.js';

export function register(program: Command): void {
  commandFor(program, offboardEmployee, {
    path: 'offboard',
    description: 'Offboard an employee: end deployments, cancel later shifts, revoke devices and tokens, …',
    args: [employeeArg],
    input: {
      skip: ['employee_id'],
      fields: {
        last_working_day: {
          flags: '--last-day <date>',
          description: 'last working day, YYYY-MM-DD',
          prompt: 'Last working day (YYYY-MM-DD)?',
        },
        reason: { description: 'exit reason', prompt: 'Exit reason?' },
      },
    },
    examples: [
      'wfctl offboard A1001 --last-day 2026-11-30 --reason Resigned --dry-run',
      'wfctl offboard A1001 --last-day 2026-11-30 --reason Resigned --yes --json',
    ],
    context: workforceActor,
    confirm: (args, flags) => `Offboard ${args.employee} with last working day ${flags.lastDay}?`,
    names: (r) => ({ organizations: r.roles_removed.map((x) => x.organization_id) }),
    view: (result, _flags, names) => <OffboardView result={result} names={names} />,
  });
}
