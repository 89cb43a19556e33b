// `wfctl partner secret show NAME [--json]`: partner-secret.show — the fingerprints (first 12 hex
// digits of the SHA-256) of the current and the next signing secret; never the secrets.
import React from 'react';
import type { Command } from 'commander';
import { showSigningSecrets } from '../../../../workforce/partners/registry/operations/signing-secrets.js';
import { workforceActor } from '../../../actors.js';
import { commandFor } from '../../../command.js';
import { commandGroup } from '../../../group.js';
import { SigningSecretsView } from '../../../views/partner.js';
import { PARTNER_ARG, PARTNER_GROUP } from '../add.js';
import { PARTNER_SECRET_GROUP } from './rotate.js';

export function register(program: Command): void {
  commandGroup(commandGroup(program, 'partner', PARTNER_GROUP), 'secret', PARTNER_SECRET_GROUP);
  commandFor(program, showSigningSecrets, {
    path: 'partner secret show',
    description: 'Fingerprints of the signing secrets (never the secrets)',
    args: [PARTNER_ARG],
    examples: ['wfctl partner secret show Paywise', 'wfctl partner secret show Paywise --json'],
    context: workforceActor,
    input: {},
    view: (r) => <SigningSecretsView r={r} title={`Signing secrets of ${r.partner}`} />,
  });
}
