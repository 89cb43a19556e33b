// `wfctl lock --org CODE --month YYYY-MM [--unit CODE]`: attendance.lock, as POST /attendance/lock
// runs it.
import React from 'react';
import type { Command } from 'commander';
import { lockMonth } from '../../workforce/attendance/operations/lock-month.js';
import { workforceActor } from '../actors.js';
import { commandFor } from '../command.js';
import { LockView } from '../views/lock.js';
import { checkOrganization, checkUnitOfOrg, organizationRef, unitInOrganization } from '../lookup.js';

export function register(program: Command): void {
  commandFor(program, lockMonth, {
    path: 'lock',
    description: 'Lock a pay month for a whole organization, or one unit (--unit)',
    flags: [
      {
        flags: '--org <code>',
        description: 'organization code or id',
        required: true,
        prompt: 'Organization code?',
        field: 'organization_id',
        lookup: checkOrganization,
      },
      {
        flags: '--unit <code>',
        description: 'unit code (BLR or ACME/BLR) or id; omitted: the whole organization',
        field: 'organization_unit_id',
        lookup: checkUnitOfOrg,
      },
      {
        flags: '--month <YYYY-MM>',
        description: 'the pay month',
        required: true,
        prompt: 'Month (YYYY-MM)?',
        field: 'month',
      },
    ],
    dryRun: 'show what would be locked, change nothing',
    examples: [
      'wfctl lock --org ACME --month 2026-01 --dry-run',
      'wfctl lock --org ACME --unit BLR --month 2026-01',
    ],
    context: workforceActor,
    toInput: async (_args, flags, ctx) => {
      const org = await organizationRef(ctx.services.db, flags.org as string);
      const unit = flags.unit
        ? await unitInOrganization(ctx.services.db, org.id, flags.unit as string)
        : null;
      return { organization_id: org.id, organization_unit_id: unit?.id ?? null, month: flags.month };
    },
    names: (r) => ({
      organizations: [r.organization_id],
      units: r.units_already_locked.map((u) => u.organization_unit_id),
    }),
    view: (result, _flags, names) => <LockView result={result} names={names} />,
  });
}
