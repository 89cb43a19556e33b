// Tenant members: the one added (or invited), the one removed, and the list.
import React from 'react';
import type { RemovedMember } from '../../clinic/tenants/operations/remove-member.js';
import type { MemberView } from '../../clinic/tenants/serialize.js';
import type { PageResult } from '../clinic-page.js';
import { PageList } from './page-list.js';
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

export function MemberListView({ page }: { page: PageResult<MemberView> }) {
  return (
    <PageList
      noun="Members"
      page={page}
      columns={['user', 'email', 'name', 'role', 'status']}
      row={(m) => [m.user_id, m.email, m.name, m.role, m.status]}
    />
  );
}
