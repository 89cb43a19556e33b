// `wfctl partner secret rotate NAME [--secret-stdin]`: partner-secret.rotate. The next signing
// secret is asked for (hidden) on a terminal or read from stdin, never taken from argv
// (src/cli/secrets.ts). Until it is promoted, pushes carry two v1= signatures (current first).
import React from 'react';
import type { Command } from 'commander';
import { rotateSigningSecret } from '../../../../workforce/partners/registry/operations/signing-secrets.js';
import { workforceActor } from '../../../actors.js';
import { commandFor } from '../../../command.js';
import { commandGroup } from '../../../group.js';
import type { SecretSpec } from '../../../secrets.js';
import { SigningSecretsView } from '../../../views/partner.js';
import { PARTNER_ARG, PARTNER_GROUP } from '../add.js';

export const PARTNER_SECRET_GROUP = 'Signing secrets of the push: rotate, promote, show fingerprints';

const NEXT_SECRET: SecretSpec[] = [
  { field: 'next_signing_secret', prompt: 'Next signing secret (16+ characters)', formerFlag: '--secret' },
];

export function register(program: Command): void {
  commandGroup(commandGroup(program, 'partner', PARTNER_GROUP), 'secret', PARTNER_SECRET_GROUP);
  commandFor(program, rotateSigningSecret, {
    path: 'partner secret rotate',
    description: 'Store the next signing secret; pushes are signed with both until it is promoted',
    args: [PARTNER_ARG],
    input: {},
    secrets: { stdin: '--secret-stdin', fields: NEXT_SECRET },
    examples: [
      'wfctl partner secret rotate Paywise',
      'printf %s "$NEXT_SECRET" | wfctl partner secret rotate Paywise --secret-stdin --json',
    ],
    context: workforceActor,
    view: (r) => <SigningSecretsView r={r} title={`Next signing secret stored for ${r.partner}`} />,
  });
}
