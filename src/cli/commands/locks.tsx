// `wfctl locks --org CODE [--year YYYY]`: attendance.list-locks, the month-by-month lock grid.
import React from 'react';
import type { Command } from 'commander';
import { lockGrid } from '../../workforce/attendance/operations/lock-grid.js';
import { workforceActor } from '../actors.js';
import { commandFor } from '../command.js';
import { LockGridView } from '../views/lock.js';
import { orgFlag } from '../lookup.js';

export function register(program: Command): void {
  commandFor(program, lockGrid, {
    path: 'locks',
    description: "A month-by-month grid of an organization's locks for a year",
    input: {
      fields: {
        organization: orgFlag,
        year: {
          flags: '--year <YYYY>',
          description: 'calendar year (default: this year in the organization’s time zone)',
        },
      },
    },
    examples: ['wfctl locks --org ACME --year 2026'],
    context: workforceActor,
    json: ({ months, ...grid }) => ({ data: months, meta: grid }),
    names: (grid) => ({ organizations: [grid.organization_id] }),
    view: (result, _flags, names) => <LockGridView grid={result} names={names} />,
  });
}
