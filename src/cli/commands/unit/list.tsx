// `wfctl unit list [--org ORG]`: unit.list, the units of the organizations the actor belongs to.
import React from 'react';
import type { Command } from 'commander';
import { listUnits } from '../../../workforce/units/operations/read-units.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { pageFields } from '../../page-flags.js';
import { UnitListView } from '../../views/unit.js';

export function register(program: Command): void {
  commandGroup(program, 'unit', 'Organization units');
  commandFor(program, listUnits, {
    path: 'unit list',
    description: 'List units (retired ones included), by organization and code',
    input: { fields: { organization: '--org <org>', ...pageFields } },
    examples: ['wfctl unit list --org ACME', 'wfctl unit list --json'],
    context: workforceActor,
    names: (page) => ({ organizations: page.data.map((u) => u.organization_id) }),
    view: (page, _flags, names) => <UnitListView page={page} names={names} />,
  });
}
