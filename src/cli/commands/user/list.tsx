// `wfctl user list [--org ORG] [--limit N] [--cursor C]`: user.list.
import React from 'react';
import type { Command } from 'commander';
import { listUsers } from '../../../workforce/identity/operations/list-users.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { UserListView } from '../../views/user.js';
import { USER_GROUP } from './create.js';

export function register(program: Command): void {
  commandGroup(program, 'user', USER_GROUP);
  commandFor(program, listUsers, {
    path: 'user list',
    description: 'List users with their roles (keyset pages: pass --cursor from meta.next_cursor)',
    input: {
      fields: {
        organization: '--org <org>',
        limit: { flags: '--limit <n>', description: 'page size, 1 to 500', default: '100' },
        cursor: { flags: '--cursor <cursor>', description: 'continue after this cursor' },
      },
    },
    examples: ['wfctl user list --org ACME', 'wfctl user list --limit 500 --cursor "$NEXT" --json'],
    context: workforceActor,
    view: (page) => <UserListView page={page} />,
  });
}
