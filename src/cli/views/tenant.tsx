// Tenants: the one just created, the list, and a tenant's dashboard.
import React from 'react';
import type { Dashboard } from '../../clinic/tenants/operations/get-dashboard.js';
import type { TenantListItem } from '../../clinic/tenants/operations/list-tenants.js';
import type { TenantView } from '../../clinic/tenants/serialize.js';
import type { PageResult } from '../clinic-page.js';
import { PageList } from './page-list.js';
import { Summary } from './summary.js';

export interface CreatedTenantShown {
  tenant: TenantView;
  user: { id: number; name: string; email: string; role: string };
}

export function TenantCreatedView({ result }: { result: CreatedTenantShown }) {
  const { tenant, user } = result;
  return (
    <Summary
      title={`Created tenant ${tenant.slug}`}
      rows={[
        ['name', tenant.name],
        ['business type', tenant.business_type],
        ['plan', tenant.subscription_plan],
        ['tenant_admin', user.email],
      ]}
    />
  );
}

export function TenantListView({ page }: { page: PageResult<TenantListItem> }) {
  return (
    <PageList
      noun="Tenants"
      page={page}
      columns={['id', 'slug', 'name', 'type', 'plan', 'members']}
      row={(t) => [t.id, t.slug, t.name, t.business_type, t.subscription_plan, t.members_count]}
    />
  );
}

export function DashboardView({ dashboard }: { dashboard: Dashboard }) {
  const { tenant, stats } = dashboard;
  return (
    <Summary
      title={`${tenant.name} (${tenant.slug}, id ${tenant.id})`}
      rows={[
        ['business type', tenant.business_type],
        ['plan', tenant.subscription_plan],
        ['pets', String(stats.pets_count)],
        ['clients', String(stats.clients_count)],
        ['appointments', String(stats.appointments_count)],
        ['pending invoices', String(stats.pending_invoices_count)],
      ]}
    />
  );
}
