// `wfctl org list`: organization.list, the organizations where the actor holds a role (all of them
// for a system_admin, the default actor).
import React from 'react';
import type { Command } from 'commander';
import { listOrganizations } from '../../../workforce/organizations/operations/read-organizations.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { pageFields } from '../../page-flags.js';
import { OrganizationListView } from '../../views/organization.js';

export function register(program: Command): void {
  commandGroup(program, 'org', 'Organizations');
  commandFor(program, listOrganizations, {
    path: 'org list',
    description: 'List organizations, by code',
    input: { fields: pageFields },
    examples: ['wfctl org list', 'wfctl org list --json'],
    context: workforceActor,
    view: (page) => <OrganizationListView page={page} />,
  });
}
