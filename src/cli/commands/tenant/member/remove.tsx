// `wfctl tenant member remove TENANT EMAIL`: member.remove, as DELETE
// /tenant/{tenant}/members/{user} runs it; a pending invitation is cancelled instead.
import React from 'react';
import type { Command } from 'commander';
import { removeMember } from '../../../../clinic/tenants/operations/remove-member.js';
import { clinicActor } from '../../../actors.js';
import { commandFor } from '../../../command.js';
import { MemberRemovedView } from '../../../views/member.js';
import { memberGroup, tenantArg } from '../shared.js';

export function register(program: Command): void {
  memberGroup(program);
  commandFor(program, removeMember, {
    path: 'tenant member remove',
    description: 'Remove a user from a tenant (the account stays); the last tenant_admin cannot be removed',
    args: [
      tenantArg,
      { name: 'email', description: 'the member’s login email', prompt: 'Email?', field: 'email' },
    ],
    input: { skip: ['tenant_id', 'user_id'] },
    examples: ['wfctl tenant member remove happy-paws vera@example.test --yes'],
    context: clinicActor,
    confirm: (args) => `Remove ${args.email} from tenant ${args.tenant}?`,
    json: ({ dry_run, ...removed }) => (dry_run ? { ...removed, dry_run } : removed),
    view: (removed) => <MemberRemovedView removed={removed} />,
  });
}
