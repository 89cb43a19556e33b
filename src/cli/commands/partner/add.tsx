// `wfctl partner add NAME --kind K --url URL --token T --secret S --org ORG …`: partner.add. The
// outbound token and signing secret are asked for (hidden) on a terminal when missing.
import React from 'react';
import type { Command } from 'commander';
import { addPartner } from '../../../workforce/partners/registry/operations/add-partner.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { required } from '../../io.js';
import { PartnerView } from '../../views/partner.js';

export const PARTNER_GROUP = 'payroll and billing partners: registry, inbound tokens';

export function register(program: Command): void {
  commandGroup(program, 'partner', PARTNER_GROUP);
  commandFor(program, addPartner, {
    path: 'partner add',
    description: 'register a partner and the organizations whose locked attendance it may receive',
    args: [{ name: 'name', description: 'partner name (unique)', prompt: 'Partner name?', field: 'name' }],
    flags: [
      { flags: '--kind <kind>', description: 'payroll or billing', field: 'kind' },
      {
        flags: '--url <url>',
        description: 'push base URL; pushes go to URL/attendance/daily',
        field: 'push_url',
      },
      {
        flags: '--token <token>',
        description: 'bearer token wfctl sends when pushing to the partner',
        field: 'outbound_token',
      },
      {
        flags: '--secret <secret>',
        description: 'signing secret for X-Attendance-Signature (16+ characters)',
        field: 'signing_secret',
      },
      {
        flags: '--org <org>',
        description: 'organization code or id; repeatable',
        repeatable: true,
        field: 'organizations',
      },
    ],
    examples: [
      'wfctl partner add Paywise --kind payroll --url https://paywise.example/in --org ACME --token "$OUT" --secret "$SIGN"',
    ],
    context: workforceActor,
    toInput: async (args, flags) => ({
      name: args.name,
      kind: flags.kind,
      push_url: flags.url,
      outbound_token: await required(flags.token as string | undefined, '--token', 'Outbound bearer token', {
        json: flags.json,
        secret: true,
      }),
      signing_secret: await required(flags.secret as string | undefined, '--secret', 'Signing secret', {
        json: flags.json,
        secret: true,
      }),
      organizations: flags.org,
    }),
    view: (p) => <PartnerView p={p} title={`Added partner ${p.name}`} />,
  });
}
