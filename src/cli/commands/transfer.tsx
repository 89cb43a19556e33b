// `wfctl transfer EMPLOYEE --to UNIT --on DATE`: employee.transfer. Closes the primary deployment,
// opens one at the new unit, cancels later shifts at the old unit (listed, so they can be assigned
// again).
import React from 'react';
import type { Command } from 'commander';
import { transferEmployee } from '../../workforce/deployments/operations/transfer-employee.js';
import { workforceActor } from '../actors.js';
import { commandFor } from '../command.js';
import { TransferView } from '../views/deployment.js';
import { employeeArg } from '../lookup.js';

export function register(program: Command): void {
  commandFor(program, transferEmployee, {
    path: 'transfer',
    description: 'Move an employee’s primary deployment to another unit from a date',
    args: [employeeArg],
    input: {
      fields: {
        to: {
          flags: '--to <unit>',
          description: 'the new unit, ORG/UNIT (ACME/MUM) or id',
          prompt: 'New unit (ORG/UNIT)?',
        },
        on: {
          flags: '--on <date>',
          description: 'first day at the new unit, YYYY-MM-DD',
          prompt: 'First day at the new unit (YYYY-MM-DD)?',
        },
      },
    },
    examples: [
      'wfctl transfer A1003 --to ACME/DEL --on 2026-02-01 --dry-run',
      'wfctl transfer A1003 --to ACME/DEL --on 2026-02-01 --yes --json',
    ],
    context: workforceActor,
    confirm: (args, flags) => `Transfer ${args.employee} to ${flags.to} from ${flags.on}?`,
    names: (r) => ({
      units: [r.closed_deployment.organization_unit_id, r.opened_deployment.organization_unit_id],
    }),
    view: (result, _flags, names) => <TransferView result={result} names={names} />,
  });
}
