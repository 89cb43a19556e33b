// `wfctl user disable EMAIL`: user.disable — no more logins, every token revoked at once.
import React from 'react';
import type { Command } from 'commander';
import { disableUser } from '../../../workforce/identity/operations/disable-user.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { UserView } from '../../views/user.js';
import { USER_ARG, USER_GROUP } from './create.js';

export function register(program: Command): void {
  commandGroup(program, 'user', USER_GROUP);
  commandFor(program, disableUser, {
    path: 'user disable',
    description: 'Disable a user: no more logins, every token revoked at once',
    args: [USER_ARG],
    input: {},
    examples: ['wfctl user disable asha@acme.test', 'wfctl user disable asha@acme.test --yes --json'],
    context: workforceActor,
    confirm: (args) => `Disable ${args.email} and revoke all of their tokens?`,
    view: (r, flags) => (
      <UserView
        title={
          flags.dryRun
            ? `Preview: disable ${r.user.email}; ${r.revoked_token_ids.length} token(s) would be revoked`
            : r.changed
              ? `Disabled ${r.user.email}; ${r.revoked_token_ids.length} token(s) revoked`
              : `${r.user.email} was already disabled`
        }
        user={r.user}
        tone="warn"
      />
    ),
  });
}
