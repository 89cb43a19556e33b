// `wfctl tenant dashboard TENANT`: tenant.dashboard, as GET /tenant/{tenant}/dashboard runs it.
import React from 'react';
import type { Command } from 'commander';
import { getDashboard } from '../../../clinic/tenants/operations/get-dashboard.js';
import { clinicActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { DashboardView } from '../../views/tenant.js';
import { tenantGroup } from './shared.js';

export function register(program: Command): void {
  tenantGroup(program);
  commandFor(program, getDashboard, {
    path: 'tenant dashboard',
    description: 'Show a tenant and the counts of its pets, clients, appointments and pending invoices',
    args: [
      { name: 'tenant', description: 'tenant id or slug', prompt: 'Tenant (id or slug)?', field: 'tenant' },
    ],
    input: { skip: ['tenant_id'] },
    examples: [
      'wfctl tenant dashboard happy-paws',
      'wfctl tenant dashboard happy-paws --actor vet@happypaws.test --json',
    ],
    context: clinicActor,
    view: (dashboard) => <DashboardView dashboard={dashboard} />,
  });
}
