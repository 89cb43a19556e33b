// Tenant members: the one added (or invited), the one removed, and the list.
import React from 'react';
import type { RemovedMember } from '../../clinic/tenants/operations/remove-member.js';
import type { MemberView } from '../../clinic/tenants/serialize.js';
import type { pageResult } from '../clinic-page.js';
import { Summary } from './summary.js';

export function MemberAddedView({ member }: { member: MemberView }) {
  return (
    <Summary
      title={
        member.status === 'invited'
          ? `Invited ${member.email} as ${member.role} (pending their answer)`
          : `Added ${member.email} as ${member.role}`
      }
      rows={[
        ['user id', String(member.user_id)],
        ['permissions', member.permissions.join(', ') || '(membership only)'],
      ]}
    />
  );
}

export function MemberRemovedView({ removed }: { removed: RemovedMember }) {
  const what =
    removed.status === 'invited'
      ? `the invitation of ${removed.email} (${removed.role}) to tenant ${removed.tenant_id}`
      : `${removed.email} (${removed.role}) from tenant ${removed.tenant_id}`;
  const title = removed.dry_run
    ? `Preview: remove ${what} (nothing changed yet)`
    : removed.status === 'invited'
      ? `Cancelled ${what}`
      : `Removed ${what}`;
  return <Summary title={title} tone="warn" />;
}

export function MemberListView({ page }: { page: ReturnType<typeof pageResult<MemberView>> }) {
  const { meta } = page;
  return (
    <Summary
      title={`Members: page ${meta.current_page} of ${meta.last_page} (${meta.total} in all)`}
      table={{
        columns: ['user', 'email', 'name', 'role', 'status'],
        rows: page.data.map((m) => [m.user_id, m.email, m.name, m.role, m.status]),
      }}
    />
  );
}
