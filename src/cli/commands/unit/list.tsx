// `wfctl unit list [--org ORG]`: unit.list, the units of the organizations the actor belongs to.
import React from 'react';
import type { Command } from 'commander';
import { listUnits } from '../../../workforce/units/operations/read-units.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { pageFlags } from '../../page-flags.js';
import { UnitListView } from '../../views/unit.js';
import { organizationRef } from '../../lookup.js';

export function register(program: Command): void {
  commandGroup(program, 'unit', 'Organization units');
  commandFor(program, listUnits, {
    path: 'unit list',
    description: 'List units (retired ones included), by organization and code',
    flags: [
      {
        flags: '--org <org>',
        description: 'only this organization: code (ACME) or id',
        field: 'organization_id',
      },
      ...pageFlags,
    ],
    examples: ['wfctl unit list --org ACME', 'wfctl unit list --json'],
    context: workforceActor,
    toInput: async (_args, flags, ctx) => ({
      organization_id:
        flags.org === undefined
          ? undefined
          : (await organizationRef(ctx.services.db, flags.org as string)).id,
      limit: flags.limit,
      cursor: flags.cursor,
    }),
    names: (page) => ({ organizations: page.data.map((u) => u.organization_id) }),
    view: (page, _flags, names) => <UnitListView page={page} names={names} />,
  });
}
