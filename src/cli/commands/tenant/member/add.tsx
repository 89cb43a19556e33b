// `wfctl tenant member add TENANT EMAIL --role ROLE`: member.add, as POST /tenant/{tenant}/members
// runs it. A new email gets an account (--name and the password); an existing account is added
// directly by the operator, and only invited when a member acts (--actor), as over HTTP.
import React from 'react';
import type { Command } from 'commander';
import { accountExists } from '../../../../clinic/identity/queries.js';
import { addMember } from '../../../../clinic/tenants/operations/add-member.js';
import { clinicActor } from '../../../actors.js';
import { commandFor, fieldRule } from '../../../command.js';
import { canPrompt, readStdin, required } from '../../../io.js';
import { MemberAddedView } from '../../../views/member.js';
import { memberGroup, stripNewline, tenantArg } from '../shared.js';

export function register(program: Command): void {
  memberGroup(program);
  commandFor(program, addMember, {
    path: 'tenant member add',
    description:
      'Add a user to a tenant (TENANT: id or slug); a new email gets an account with --name and the password',
    args: [
      tenantArg,
      { name: 'email', description: 'the user’s login email', prompt: 'Email?', field: 'email' },
    ],
    // The password is not a secret of every run (an existing account needs none): its own flag.
    // Its field: a rule the password breaks names --password-stdin (toInput lays the text read over it).
    flags: [
      {
        flags: '--password-stdin',
        description: 'read the new account’s password from stdin',
        field: 'password',
      },
    ],
    input: {
      skip: ['tenant_id', 'password'],
      fields: { role: { prompt: 'Role' }, name: { description: 'name for a new account' } },
    },
    examples: [
      'printf %s "$PASSWORD" | wfctl tenant member add happy-paws vera@example.test --role veterinarian --name "Dr Vera" --password-stdin',
      'wfctl tenant member add happy-paws desk@example.test --role receptionist --actor admin@happypaws.test',
    ],
    context: clinicActor,
    toInput: async (args, flags, ctx) => {
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
      return { name, password: pass };
    },
    view: (member) => <MemberAddedView member={member} />,
  });
}
