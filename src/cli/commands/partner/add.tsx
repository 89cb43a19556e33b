// `wfctl partner add NAME --kind K --url URL --org ORG … [--secrets-stdin]`: partner.add. The
// outbound token and the signing secret are asked for (hidden) on a terminal, or read from stdin
// (two lines); never from argv (src/cli/secrets.ts).
import React from 'react';
import type { Command } from 'commander';
import { addPartner } from '../../../workforce/partners/registry/operations/add-partner.js';
import { workforceActor } from '../../actors.js';
import { commandFor, type ArgSpec } from '../../command.js';
import { commandGroup } from '../../group.js';
import { checkOrganization } from '../../lookup.js';
import type { SecretSpec } from '../../secrets.js';
import { PartnerView } from '../../views/partner.js';

export const PARTNER_GROUP = 'Payroll and billing partners: registry, inbound tokens';

/** NAME of the commands about one partner: the operations find it by name or id (findPartner). */
export const PARTNER_ARG: ArgSpec = {
  name: 'name',
  description: 'partner name or id',
  prompt: 'Partner?',
  field: 'partner',
};

export function register(program: Command): void {
  commandGroup(program, 'partner', PARTNER_GROUP);
  commandFor(program, addPartner, {
    path: 'partner add',
    description: 'Register a partner and the organizations whose locked attendance it may receive',
    args: [{ name: 'name', description: 'partner name (unique)', prompt: 'Partner name?', field: 'name' }],
    input: {
      fields: {
        kind: { description: 'payroll or billing', prompt: 'Kind' },
        push_url: {
          flags: '--url <url>',
          description: 'push base URL; pushes go to URL/attendance/daily',
          prompt: 'Push base URL (pushes go to URL/attendance/daily)',
        },
        organizations: {
          flags: '--org <org>',
          description: 'organization code or id; repeatable',
          prompt: 'Organizations (codes, comma-separated)',
          lookup: checkOrganization,
        },
      },
    },
    secrets: { stdin: '--secrets-stdin', fields: PARTNER_SECRETS },
    examples: [
      'wfctl partner add Paywise --kind payroll --url https://paywise.example/in --org ACME',
      'printf \'%s\\n%s\\n\' "$OUT" "$SIGN" | wfctl partner add Paywise --kind payroll --url https://paywise.example/in --org ACME --secrets-stdin --json',
    ],
    context: workforceActor,
    view: (p) => <PartnerView p={p} title={`Added partner ${p.name}`} />,
  });
}

const PARTNER_SECRETS: SecretSpec[] = [
  { field: 'outbound_token', prompt: 'Outbound bearer token (sent when pushing)', formerFlag: '--token' },
  { field: 'signing_secret', prompt: 'Signing secret (16+ characters)', formerFlag: '--secret' },
];
