// `wfctl tenant member list TENANT`: member.list, as GET /tenant/{tenant}/members runs it.
import React from 'react';
import type { Command } from 'commander';
import { listMembers } from '../../../../clinic/tenants/operations/list-members.js';
import { clinicActor } from '../../../actors.js';
import { pageFlag, pageResult } from '../../../clinic-page.js';
import { commandFor } from '../../../command.js';
import { MemberListView } from '../../../views/member.js';
import { memberGroup, tenantArg } from '../shared.js';

export function register(program: Command): void {
  memberGroup(program);
  commandFor(program, listMembers, {
    path: 'tenant member list',
    description: 'List the members of a tenant with their roles, 50 per page',
    args: [tenantArg],
    flags: [pageFlag],
    input: { skip: ['tenant_id'] },
    examples: ['wfctl tenant member list happy-paws --json'],
    context: clinicActor,
    json: pageResult,
    view: (page) => <MemberListView page={pageResult(page)} />,
  });
}
