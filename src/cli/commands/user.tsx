// `wfctl user create|list|disable|roles`: accounts and their role grants.
import React from 'react';
import type { Command } from 'commander';
import { validate } from '../../core/validation.js';
import { changeRoles } from '../../workforce/identity/operations/change-roles.js';
import { createUser } from '../../workforce/identity/operations/create-user.js';
import { disableUser } from '../../workforce/identity/operations/disable-user.js';
import { listUsers } from '../../workforce/identity/operations/list-users.js';
import type { AdminUserBody } from '../../workforce/identity/user-body.js';
import {
  createUserSchema,
  listUsersSchema,
  type CreateUserInput,
  type ListUsersInput,
  parseRoleRef,
} from '../../workforce/identity/user-schemas.js';
import { confirmOrAbort, output } from '../io.js';
import { withServices } from '../services.js';
import { Summary } from '../views/summary.js';
import {
  actorFor,
  asFlags,
  collect,
  readPassword,
  withCommonOptions,
  type CommonOptions,
} from './identity-shared.js';

const grantText = (u: AdminUserBody) =>
  u.grants.map((g) => (g.organization ? `${g.role}:${g.organization}` : g.role)).join(', ') || '(none)';

function UserView({ title, user, tone }: { title: string; user: AdminUserBody; tone?: 'ok' | 'warn' }) {
  return (
    <Summary
      title={title}
      tone={tone}
      rows={[
        ['id', String(user.id)],
        ['email', user.email],
        ['name', user.name],
        ['active', user.is_active ? 'yes' : 'no'],
        ['roles', grantText(user)],
      ]}
    />
  );
}

export function registerUser(program: Command): void {
  const user = program.command('user').description('workforce user accounts and their roles');

  withCommonOptions(
    user
      .command('create')
      .description('create a user; the password comes from stdin (--password-stdin) or a hidden prompt')
      .argument('<email>', 'login email')
      .option('--name <name>', 'display name')
      .option('--role <role>', 'ROLE:ORG (hr:ACME) or system_admin; repeatable', collect, [])
      .option('--password-stdin', 'read the password from stdin (never pass it as an argument)'),
  ).action(
    async (
      email: string,
      opts: CommonOptions & { name?: string; role: string[]; passwordStdin?: boolean },
    ) => {
      const flags = { email: 'EMAIL', name: '--name', password: '--password-stdin', roles: '--role' };
      // Every flag is checked before the password is read, so a typo does not cost a prompt.
      const input = await asFlags(async () => {
        const valid = await validate<CreateUserInput>(createUserSchema, {
          email,
          name: opts.name,
          password: 'read below',
          roles: opts.role,
        });
        valid.roles.forEach((r) => parseRoleRef(r, 'roles'));
        return valid;
      }, flags);
      const password = await readPassword(opts);
      const result = await withServices(async (services) =>
        asFlags(
          async () => createUser({ services, actor: await actorFor(services, opts) }, { ...input, password }),
          flags,
        ),
      );
      await output(result, opts, (u) => <UserView title={`Created user ${u.email}`} user={u} />);
    },
  );

  withCommonOptions(
    user
      .command('list')
      .description('list users with their roles (keyset pages: pass --cursor from meta.next_cursor)')
      .option('--org <org>', 'only users holding a role in this organization (code or id)')
      .option('--limit <n>', 'page size, 1 to 500', '100')
      .option('--cursor <cursor>', 'continue after this cursor'),
  ).action(async (opts: CommonOptions & { org?: string; limit: string; cursor?: string }) => {
    const flags = { organization: '--org', limit: '--limit', cursor: '--cursor' };
    const input = await asFlags(
      () =>
        validate<ListUsersInput>(listUsersSchema, {
          organization: opts.org,
          limit: opts.limit,
          cursor: opts.cursor,
        }),
      flags,
    );
    const result = await withServices(async (services) =>
      asFlags(async () => listUsers({ services, actor: await actorFor(services, opts) }, input), flags),
    );
    await output(result, opts, (r) => (
      <Summary
        title={`${r.data.length} user(s)`}
        rows={r.meta.next_cursor ? [['next page', `--cursor ${r.meta.next_cursor}`]] : []}
        table={{
          columns: ['id', 'email', 'name', 'active', 'roles'],
          rows: r.data.map((u) => [u.id, u.email, u.name, u.is_active ? 'yes' : 'no', grantText(u)]),
        }}
      />
    ));
  });

  withCommonOptions(
    user
      .command('disable')
      .description('disable a user: no more logins, every token revoked at once')
      .argument('<email>', 'the user')
      .option('-y, --yes', 'do not ask for confirmation'),
  ).action(async (email: string, opts: CommonOptions & { yes?: boolean }) => {
    await confirmOrAbort(`Disable ${email} and revoke all of their tokens?`, opts);
    const result = await withServices(async (services) =>
      asFlags(async () => disableUser({ services, actor: await actorFor(services, opts) }, { email }), {
        email: 'EMAIL',
      }),
    );
    await output(result, opts, (r) => (
      <UserView
        title={
          r.changed
            ? `Disabled ${r.user.email}; ${r.revoked_token_ids.length} token(s) revoked`
            : `${r.user.email} was already disabled`
        }
        user={r.user}
        tone="warn"
      />
    ));
  });

  withCommonOptions(
    user
      .command('roles')
      .description(
        'show a user’s roles, or change them with --grant / --revoke ROLE:ORG (system_admin is global)',
      )
      .argument('<email>', 'the user')
      .option('--grant <role>', 'ROLE:ORG or system_admin; repeatable', collect, [])
      .option('--revoke <role>', 'ROLE:ORG or system_admin; repeatable', collect, []),
  ).action(async (email: string, opts: CommonOptions & { grant: string[]; revoke: string[] }) => {
    const result = await withServices(async (services) =>
      asFlags(
        async () =>
          changeRoles(
            { services, actor: await actorFor(services, opts) },
            { email, grant: opts.grant, revoke: opts.revoke },
          ),
        { email: 'EMAIL', grant: '--grant', revoke: '--revoke' },
      ),
    );
    const changed = result.granted.length + result.revoked.length;
    await output(result, opts, (r) => (
      <UserView
        title={changed ? `Roles of ${r.user.email} changed` : `Roles of ${r.user.email}`}
        user={r.user}
      />
    ));
  });
}
