// `wfctl tenant member add TENANT EMAIL --role ROLE`: member.add, as POST /tenant/{tenant}/members
// runs it. A new email gets an account (--name and the password); an existing account is added
// directly by the operator, and only invited when a member acts (--actor), as over HTTP.
import React from 'react';
import type { Command } from 'commander';
import { accountExists } from '../../../../clinic/identity/queries.js';
import { ROLES } from '../../../../clinic/identity/roles.js';
import { addMember } from '../../../../clinic/tenants/operations/add-member.js';
import { clinicActor } from '../../../actors.js';
import { commandFor, fieldRule } from '../../../command.js';
import { canPrompt, readStdin, required } from '../../../io.js';
import { MemberAddedView } from '../../../views/member.js';
import { choose, memberGroup, stripNewline } from '../shared.js';
import { tenantRef } from '../../../lookup.js';

export function register(program: Command): void {
  memberGroup(program);
  commandFor(program, addMember, {
    path: 'tenant member add',
    description:
      'Add a user to a tenant (TENANT: id or slug); a new email gets an account with --name and the password',
    args: [
      { name: 'tenant', description: 'tenant id or slug', prompt: 'Tenant (id or slug)?' },
      { name: 'email', description: 'the user’s login email', prompt: 'Email?' },
    ],
    flags: [
      { flags: '--role <role>', description: `one of ${ROLES.join(', ')}` },
      { flags: '--name <name>', description: 'name for a new account' },
      { flags: '--password-stdin', description: 'read the new account’s password from stdin' },
    ],
    examples: [
      'printf %s "$PASSWORD" | wfctl tenant member add happy-paws vera@example.test --role veterinarian --name "Dr Vera" --password-stdin',
      'wfctl tenant member add happy-paws desk@example.test --role receptionist --actor admin@happypaws.test',
    ],
    context: clinicActor,
    toInput: async (args, flags, ctx) => {
      const role = await choose(flags.role, 'Role', ROLES, undefined, flags, '--role');
      const tenantId = (await tenantRef(ctx.services.db, args.tenant, 'TENANT')).id;
      let name = flags.name as string | undefined;
      let pass: string | undefined;
      if (flags.passwordStdin) pass = stripNewline(await readStdin());
      else if (canPrompt(flags) && !(await accountExists(ctx.services.db, args.email))) {
        name = await required(name, '--name', `Name for the new account ${args.email}`, {
          ...flags,
          validate: fieldRule(addMember, 'name'),
        });
        pass = await required(undefined, '--password-stdin', 'Password for the new account', {
          ...flags,
          secret: true,
          validate: fieldRule(addMember, 'password'),
        });
      }
      return { tenant_id: tenantId, email: args.email, role, name, password: pass };
    },
    view: (member) => <MemberAddedView member={member} />,
  });
}
