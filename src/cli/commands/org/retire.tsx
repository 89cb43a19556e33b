// `wfctl org retire ORG --effective-date DATE --reason TEXT`: organization.retire, as POST
// /organizations/{id}/retire runs it.
import React from 'react';
import type { Command } from 'commander';
import { retireOrganization } from '../../../workforce/organizations/operations/retire-organization.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { RetireOrganizationView } from '../../views/organization.js';
import { organizationArg } from '../../lookup.js';
import { retireFields } from '../unit/retire.js';

export function register(program: Command): void {
  commandGroup(program, 'org', 'Organizations');
  commandFor(program, retireOrganization, {
    path: 'org retire',
    description: 'Retire an organization and every active unit in it',
    args: [organizationArg],
    input: { skip: ['organization_id'], fields: retireFields('last day', 'why the organization is retired') },
    examples: ['wfctl org retire ACME --effective-date 2026-03-31 --reason "Contract ended" --dry-run'],
    context: workforceActor,
    confirm: (args, flags) =>
      `Retire organization ${args.organization} and all its units effective ${flags.effectiveDate}?`,
    view: (result) => <RetireOrganizationView result={result} />,
  });
}
