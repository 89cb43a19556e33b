// `wfctl deployment create EMPLOYEE --unit UNIT --from DATE [--to DATE] [--primary]`:
// deployment.create, as POST /deployments runs it.
import React from 'react';
import type { Command } from 'commander';
import { createDeployment } from '../../../workforce/deployments/operations/create-deployment.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { DeploymentView } from '../../views/deployment.js';
import { employeeArg, unitRef } from '../../lookup.js';

export function register(program: Command): void {
  commandGroup(program, 'deployment', 'Deployments of employees at units');
  commandFor(program, createDeployment, {
    path: 'deployment create',
    description: 'Deploy an employee at a unit (a primary demotes the primaries it overlaps)',
    args: [employeeArg],
    input: {
      skip: ['employee_id', 'organization_unit_id'],
      fields: {
        unit: {
          flags: '--unit <unit>',
          description: 'ORG/UNIT or id',
          required: true,
          prompt: 'Unit (ORG/UNIT)?',
          lookup: (db, ref) => unitRef(db, ref, '--unit'),
        },
        starts_on: {
          flags: '--from <date>',
          description: 'first day, YYYY-MM-DD',
          prompt: 'First day (YYYY-MM-DD)?',
        },
        ends_on: { flags: '--to <date>', description: 'last day, YYYY-MM-DD (default: open-ended)' },
        is_primary: { flags: '--primary', description: 'make it the primary deployment' },
      },
    },
    examples: ['wfctl deployment create A1003 --unit ACME/MUM --from 2026-02-01 --primary --dry-run'],
    context: workforceActor,
    confirm: (args, flags) =>
      `Deploy ${args.employee} at ${flags.unit} from ${flags.from}${flags.primary ? ' as primary' : ''}?`,
    toInput: async (_args, flags) => ({ is_primary: Boolean(flags.primary) }), // a switch: absent is false
    names: (r) => ({ employees: [r.deployment.employee_id], units: [r.deployment.organization_unit_id] }),
    view: (result, _flags, names) => <DeploymentView result={result} names={names} />,
  });
}
