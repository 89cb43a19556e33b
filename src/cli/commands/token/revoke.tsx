// `wfctl token revoke --user EMAIL [--id TOKEN_ID]`: token.revoke — end a user's sessions.
import React from 'react';
import type { Command } from 'commander';
import { revokeTokens } from '../../../workforce/identity/operations/revoke-tokens.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { RevokedUserTokensView } from '../../views/user.js';

export function register(program: Command): void {
  commandGroup(program, 'token', 'Personal access tokens of workforce users');
  commandFor(program, revokeTokens, {
    path: 'token revoke',
    description: 'Revoke every active token of a user (or one, with --id); their next request gets a 401',
    input: {
      fields: {
        email: { flags: '--user <email>', description: 'whose tokens', prompt: 'User (email)?' },
        token_id: {
          flags: '--id <tokenId>',
          description: 'only this token (the number before the | in the token)',
        },
      },
    },
    examples: [
      'wfctl token revoke --user asha@acme.test',
      'wfctl token revoke --user asha@acme.test --id 12 --yes --json',
    ],
    context: workforceActor,
    confirm: (_args, flags) =>
      flags.id ? `Revoke token ${flags.id} of ${flags.user}?` : `Revoke every token of ${flags.user}?`,
    view: (r, flags) => <RevokedUserTokensView result={r} preview={Boolean(flags.dryRun)} />,
  });
}
