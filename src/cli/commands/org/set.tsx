// `wfctl org set ORG --require-device-for-punches=true|false`: organization.update-settings.
import React from 'react';
import type { Command } from 'commander';
import { updateOrganizationSettings } from '../../../workforce/organizations/operations/update-settings.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { OrganizationSettingsView } from '../../views/organization.js';

/** "true"/"false" become booleans; anything else is passed on for the operation to refuse by name. */
const booleanWord = (v: unknown): unknown => (v === 'true' ? true : v === 'false' ? false : v);

export function register(program: Command): void {
  commandGroup(program, 'org', 'Organizations');
  commandFor(program, updateOrganizationSettings, {
    path: 'org set',
    description: "Change an organization's settings",
    args: [
      {
        name: 'organization',
        description: 'organization code (ACME) or id',
        prompt: 'Organization?',
        field: 'organization',
      },
    ],
    input: {
      fields: {
        require_device_for_punches: {
          flags: '--require-device-for-punches <bool>',
          prompt: 'Require an approved device for punches (true/false)?',
          parse: booleanWord,
        },
      },
    },
    examples: ['wfctl org set ACME --require-device-for-punches=false'],
    context: workforceActor,
    view: (result) => <OrganizationSettingsView result={result} />,
  });
}
