// `wfctl partner secret promote NAME`: partner-secret.promote — the next signing secret becomes the
// current one and the old one is discarded, so receivers still holding only the old secret stop
// verifying pushes: confirmed first (--yes off a terminal).
import React from 'react';
import type { Command } from 'commander';
import { promoteSigningSecret } from '../../../../workforce/partners/registry/operations/signing-secrets.js';
import { workforceActor } from '../../../actors.js';
import { commandFor } from '../../../command.js';
import { commandGroup } from '../../../group.js';
import { SigningSecretsView } from '../../../views/partner.js';
import { PARTNER_ARG, PARTNER_GROUP } from '../add.js';
import { PARTNER_SECRET_GROUP } from './rotate.js';

export function register(program: Command): void {
  commandGroup(commandGroup(program, 'partner', PARTNER_GROUP), 'secret', PARTNER_SECRET_GROUP);
  commandFor(program, promoteSigningSecret, {
    path: 'partner secret promote',
    description: 'Make the next signing secret the current one; the old secret is discarded',
    args: [PARTNER_ARG],
    examples: ['wfctl partner secret promote Paywise', 'wfctl partner secret promote Paywise --yes --json'],
    context: workforceActor,
    confirm: (args) =>
      `Promote the next signing secret of ${args.name}? Pushes will no longer be signed with the current one.`,
    input: {},
    view: (r, flags) => (
      <SigningSecretsView
        r={r}
        title={
          flags.dryRun
            ? `Would promote the next signing secret of ${r.partner}`
            : `Signing secret promoted for ${r.partner}`
        }
      />
    ),
  });
}
