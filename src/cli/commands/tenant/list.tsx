// `wfctl tenant list`: tenant.list, every tenant for the operator, an --actor's own tenants.
import React from 'react';
import type { Command } from 'commander';
import { listTenants } from '../../../clinic/tenants/operations/list-tenants.js';
import { clinicActor } from '../../actors.js';
import { pageFlag, pageResult } from '../../clinic-page.js';
import { commandFor } from '../../command.js';
import { TenantListView } from '../../views/tenant.js';
import { tenantGroup } from './shared.js';

export function register(program: Command): void {
  tenantGroup(program);
  commandFor(program, listTenants, {
    path: 'tenant list',
    description: 'List tenants with their member counts, 50 per page',
    flags: [pageFlag],
    input: {},
    examples: ['wfctl tenant list --page 2', 'wfctl tenant list --actor admin@happypaws.test --json'],
    context: clinicActor,
    json: pageResult,
    view: (page) => <TenantListView page={pageResult(page)} />,
  });
}
