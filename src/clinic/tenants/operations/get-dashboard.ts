// GET /tenant/{tenant}/dashboard, `wfctl tenant dashboard`: the tenant and the counts of its
// records. A pending invoice is one still open for payment: any status but paid, voided or estimate.
// The counts are the tenant's counters (../../counters.ts), read in one statement: exact, since the
// operations keep them in their own transactions, and O(1) in the size of the clinic.
import { defineRead } from '../../../core/operation.js';
import { yup } from '../../../core/validation.js';
import type { ClinicRun } from '../../context.js';
import { tenantScope, tenantScoped } from '../../tenant-scope.js';
import { readCounters, totalOf } from '../../counters.js';
import { loadTenant } from '../resolve.js';
import { serializeTenant, type TenantView } from '../serialize.js';

export interface DashboardStats {
  pets_count: number;
  clients_count: number;
  appointments_count: number;
  pending_invoices_count: number;
}

export interface Dashboard {
  tenant: TenantView;
  stats: DashboardStats;
}

export const SETTLED_INVOICE_STATUSES = ['paid', 'voided', 'estimate'];

export const getDashboard = defineRead('tenant.dashboard', 'tenant.member', {
  summary: 'The tenant and the counts of its pets, clients, appointments and pending invoices',
  input: tenantScoped(yup.object({})),
  async run(ctx: ClinicRun, input): Promise<Dashboard> {
    const { db } = ctx;
    // Checked first, then read: a non-member learns nothing of the tenant.
    const tenant = await loadTenant(db, await tenantScope(ctx, input));
    const counters = await readCounters(db, tenant.id);
    const invoices = totalOf(counters, 'invoices');
    const settled = totalOf(counters, 'invoices', SETTLED_INVOICE_STATUSES);
    return {
      tenant: serializeTenant(tenant),
      stats: {
        pets_count: totalOf(counters, 'pets'),
        clients_count: totalOf(counters, 'clients'),
        appointments_count: totalOf(counters, 'appointments'),
        pending_invoices_count: invoices - settled,
      },
    };
  },
});
