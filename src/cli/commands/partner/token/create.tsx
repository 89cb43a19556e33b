// `wfctl partner token create NAME`: partner-token.create — the token pt_<id>|<secret> is printed
// once (with --json, only `{"token": …}`) and only its hash is kept.
import React from 'react';
import type { Command } from 'commander';
import { createPartnerToken } from '../../../../workforce/partners/registry/operations/partner-tokens.js';
import { workforceActor } from '../../../actors.js';
import { commandFor } from '../../../command.js';
import { commandGroup } from '../../../group.js';
import { say } from '../../../io.js';
import { PartnerTokenView, TOKEN_SHOWN_ONCE } from '../../../views/partner.js';
import { PARTNER_ARG, PARTNER_GROUP } from '../add.js';

export const PARTNER_TOKEN_GROUP = 'Inbound tokens partners use to call wfctl';

export function register(program: Command): void {
  commandGroup(commandGroup(program, 'partner', PARTNER_GROUP), 'token', PARTNER_TOKEN_GROUP);
  commandFor(program, createPartnerToken, {
    path: 'partner token create',
    description: 'Create an inbound token pt_<id>|<secret>; it is printed once and only its hash is kept',
    args: [PARTNER_ARG],
    examples: [
      'wfctl partner token create Paywise',
      'wfctl partner token create Paywise --json | jq -r .token',
    ],
    context: workforceActor,
    input: {},
    // --json prints the token alone; without it (off a terminal) the whole result, after the warning.
    json: (r, flags) => {
      if (flags.json) return { token: r.token };
      say(TOKEN_SHOWN_ONCE);
      return r;
    },
    view: (r) => {
      say(TOKEN_SHOWN_ONCE);
      return <PartnerTokenView r={r} />;
    },
  });
}
