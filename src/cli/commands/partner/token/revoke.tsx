// `wfctl partner token revoke NAME --id TOKEN_ID | --all`: partner-token.revoke.
import React from 'react';
import type { Command } from 'commander';
import { revokePartnerTokens } from '../../../../workforce/partners/registry/operations/partner-tokens.js';
import { workforceActor } from '../../../actors.js';
import { commandFor } from '../../../command.js';
import { commandGroup } from '../../../group.js';
import { RevokedPartnerTokensView } from '../../../views/partner.js';
import { PARTNER_ARG, PARTNER_GROUP } from '../add.js';
import { PARTNER_TOKEN_GROUP } from './create.js';

export function register(program: Command): void {
  commandGroup(commandGroup(program, 'partner', PARTNER_GROUP), 'token', PARTNER_TOKEN_GROUP);
  commandFor(program, revokePartnerTokens, {
    path: 'partner token revoke',
    description: 'Revoke one inbound token (--id) or all of them (--all)',
    args: [PARTNER_ARG],
    input: {
      fields: {
        token_id: { flags: '--id <tokenId>', description: 'the token id (the number after pt_)' },
        all: { description: 'every active token of the partner' },
      },
    },
    examples: [
      'wfctl partner token revoke Paywise --id 7',
      'wfctl partner token revoke Paywise --all --yes --json',
    ],
    context: workforceActor,
    confirm: (args, flags) =>
      flags.id ? `Revoke token ${flags.id} of ${args.name}?` : `Revoke every token of ${args.name}?`,
    view: (r, flags) => <RevokedPartnerTokensView r={r} preview={Boolean(flags.dryRun)} />,
  });
}
