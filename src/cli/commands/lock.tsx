// `wfctl lock --org CODE --month YYYY-MM [--unit CODE]`: attendance.lock, as POST /attendance/lock
// runs it.
import React from 'react';
import type { Command } from 'commander';
import { lockMonth } from '../../workforce/attendance/operations/lock-month.js';
import { workforceActor } from '../actors.js';
import { commandFor } from '../command.js';
import { LockView } from '../views/lock.js';
import { checkUnitOfOrg, orgFlag } from '../lookup.js';

export function register(program: Command): void {
  commandFor(program, lockMonth, {
    path: 'lock',
    description: 'Lock a pay month for a whole organization, or one unit (--unit)',
    input: {
      skip: ['organization_id', 'organization_unit_id'],
      fields: {
        organization: { ...orgFlag, required: true },
        unit: {
          flags: '--unit <code>',
          description: 'unit code (BLR or ACME/BLR) or id; omitted: the whole organization',
          lookup: checkUnitOfOrg,
        },
        month: { flags: '--month <YYYY-MM>', description: 'the pay month', prompt: 'Month (YYYY-MM)?' },
      },
    },
    dryRun: 'show what would be locked, change nothing',
    examples: [
      'wfctl lock --org ACME --month 2026-01 --dry-run',
      'wfctl lock --org ACME --unit BLR --month 2026-01',
    ],
    context: workforceActor,
    names: (r) => ({
      organizations: [r.organization_id],
      units: r.units_already_locked.map((u) => u.organization_unit_id),
    }),
    view: (result, _flags, names) => <LockView result={result} names={names} />,
  });
}
