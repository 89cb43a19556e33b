// `wfctl user roles EMAIL [--grant ROLE:ORG …] [--revoke ROLE:ORG …]`: user.change-roles; with
// neither flag it shows the user's roles.
import React from 'react';
import type { Command } from 'commander';
import { changeRoles } from '../../../workforce/identity/operations/change-roles.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { UserView } from '../../views/user.js';
import { USER_ARG, USER_GROUP } from './create.js';

export function register(program: Command): void {
  commandGroup(program, 'user', USER_GROUP);
  commandFor(program, changeRoles, {
    path: 'user roles',
    description:
      'Show a user’s roles, or change them with --grant / --revoke ROLE:ORG (system_admin is global)',
    args: [USER_ARG],
    input: { fields: { grant: '--grant <role>', revoke: '--revoke <role>' } },
    examples: ['wfctl user roles asha@acme.test --grant hr:ACME --revoke employee:ACME'],
    context: workforceActor,
    view: (r) => (
      <UserView
        title={
          r.granted.length + r.revoked.length
            ? `Roles of ${r.user.email} changed`
            : `Roles of ${r.user.email}`
        }
        user={r.user}
      />
    ),
  });
}
