// `wfctl partner add NAME --kind K --url URL --org ORG … [--secrets-stdin]`: partner.add. The
// outbound token and the signing secret are asked for (hidden) on a terminal, or read from stdin
// (two lines); never from argv (src/cli/secrets.ts).
import React from 'react';
import type { Command } from 'commander';
import { addPartner } from '../../../workforce/partners/registry/operations/add-partner.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { readSecrets, secretOptions, type SecretSpec } from '../../secrets.js';
import { PartnerView } from '../../views/partner.js';

export const PARTNER_GROUP = 'Payroll and billing partners: registry, inbound tokens';

export function register(program: Command): void {
  commandGroup(program, 'partner', PARTNER_GROUP);
  const cmd = commandFor(program, addPartner, {
    path: 'partner add',
    description: 'Register a partner and the organizations whose locked attendance it may receive',
    args: [{ name: 'name', description: 'partner name (unique)', prompt: 'Partner name?', field: 'name' }],
    flags: [
      { flags: '--kind <kind>', description: 'payroll or billing', field: 'kind' },
      {
        flags: '--url <url>',
        description: 'push base URL; pushes go to URL/attendance/daily',
        field: 'push_url',
      },
      {
        flags: '--org <org>',
        description: 'organization code or id; repeatable',
        repeatable: true,
        field: 'organizations',
      },
    ],
    examples: [
      'wfctl partner add Paywise --kind payroll --url https://paywise.example/in --org ACME',
      'printf \'%s\\n%s\\n\' "$OUT" "$SIGN" | wfctl partner add Paywise --kind payroll --url https://paywise.example/in --org ACME --secrets-stdin --json',
    ],
    context: workforceActor,
    toInput: async (args, flags) => ({
      name: args.name,
      kind: flags.kind,
      push_url: flags.url,
      ...(await readSecrets(PARTNER_SECRETS, flags)),
      organizations: flags.org,
    }),
    view: (p) => <PartnerView p={p} title={`Added partner ${p.name}`} />,
  });
  secretOptions(cmd, PARTNER_SECRETS);
}

const PARTNER_SECRETS: SecretSpec[] = [
  { field: 'outbound_token', prompt: 'Outbound bearer token (sent when pushing)', formerFlag: '--token' },
  { field: 'signing_secret', prompt: 'Signing secret (16+ characters)', formerFlag: '--secret' },
];
