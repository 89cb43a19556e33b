// Workforce user accounts as `wfctl user …` and `wfctl token revoke` show them.
import React from 'react';
import type { UserPage } from '../../workforce/identity/operations/list-users.js';
import type { RevokeTokensResult } from '../../workforce/identity/operations/revoke-tokens.js';
import type { AdminUserBody } from '../../workforce/identity/user-body.js';
import { RevokedTokensView } from './revoked-tokens.js';
import { Summary } from './summary.js';

const grantText = (u: AdminUserBody) =>
  u.grants.map((g) => (g.organization ? `${g.role}:${g.organization}` : g.role)).join(', ') || '(none)';

export function UserView({
  title,
  user,
  tone,
}: {
  title: string;
  user: AdminUserBody;
  tone?: 'ok' | 'warn';
}) {
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

export function UserListView({ page }: { page: UserPage }) {
  return (
    <Summary
      title={`${page.data.length} user(s)`}
      rows={page.meta.next_cursor ? [['next page', `--cursor ${page.meta.next_cursor}`]] : []}
      table={{
        columns: ['id', 'email', 'name', 'active', 'roles'],
        rows: page.data.map((u) => [u.id, u.email, u.name, u.is_active ? 'yes' : 'no', grantText(u)]),
      }}
    />
  );
}

export function RevokedUserTokensView({
  result,
  preview,
}: {
  result: RevokeTokensResult;
  preview?: boolean;
}) {
  return <RevokedTokensView holder={result.user.email} ids={result.revoked_token_ids} preview={preview} />;
}
