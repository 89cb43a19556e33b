// `wfctl user create EMAIL --name NAME [--role ROLE:ORG …] --password-stdin`: user.create. The
// password comes from stdin or a hidden prompt, never from the command line.
import React from 'react';
import type { Command } from 'commander';
import { UsageError } from '../../../core/errors.js';
import { validate } from '../../../core/validation.js';
import { createUser } from '../../../workforce/identity/operations/create-user.js';
import {
  createUserSchema,
  parseRoleRef,
  type CreateUserInput,
} from '../../../workforce/identity/user-schemas.js';
import { workforceActor } from '../../actors.js';
import { commandFor, fieldRule, type ArgSpec, type CommandFlags } from '../../command.js';
import { commandGroup } from '../../group.js';
import { readStdin, required } from '../../io.js';
import { UserView } from '../../views/user.js';

export const USER_GROUP = 'Workforce user accounts and their roles';

/** EMAIL of the commands about one user. */
export const USER_ARG: ArgSpec = {
  name: 'email',
  description: 'the user',
  prompt: 'User (email)?',
  field: 'email',
};

export function register(program: Command): void {
  commandGroup(program, 'user', USER_GROUP);
  commandFor(program, createUser, {
    path: 'user create',
    description: 'Create a user; the password comes from stdin (--password-stdin) or a hidden prompt',
    args: [{ name: 'email', description: 'login email', prompt: 'Email?', field: 'email' }],
    // The password is not a derived flag: it is read from stdin or a hidden prompt (readPassword).
    flags: [
      {
        flags: '--password-stdin',
        description: 'read the password from stdin (never pass it as an argument)',
        field: 'password',
      },
    ],
    input: { fields: { name: { description: 'display name', prompt: 'Name?' }, roles: '--role <role>' } },
    examples: [
      'printf %s "$PASSWORD" | wfctl user create asha@acme.test --name "Asha Rao" --role hr:ACME --password-stdin',
    ],
    context: workforceActor,
    toInput: async (_args, flags, _ctx, _secrets, given) => {
      // Every flag is checked before the password is read, so a typo does not cost a prompt.
      const valid = await validate<CreateUserInput>(createUserSchema, { ...given, password: 'read below' });
      valid.roles.forEach((r) => parseRoleRef(r, 'roles'));
      return { password: await readPassword(flags) };
    },
    view: (u) => <UserView title={`Created user ${u.email}`} user={u} />,
  });
}

/** A password from stdin (--password-stdin), else a hidden prompt on a terminal, else exit 2. */
async function readPassword(flags: CommandFlags): Promise<string> {
  if (flags.passwordStdin) {
    const text = (await readStdin()).replace(/\r?\n$/, '');
    if (!text)
      throw new UsageError('--password-stdin: stdin was empty.', {
        '--password-stdin': ['no password on stdin'],
      });
    return text;
  }
  return required(undefined, '--password-stdin', 'Password', {
    json: flags.json,
    secret: true,
    validate: fieldRule(createUser, 'password'), // refused at the prompt, not after it
  });
}
