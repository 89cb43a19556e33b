// GET /tenant/{tenant}/dashboard, `wfctl tenant dashboard`: the tenant and the counts of its
// records. A pending invoice is one still open for payment: any status but paid, voided or estimate.
import { defineOperation } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import type { ClinicRun } from '../../context.js';
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

export const getDashboard = defineOperation({
  name: 'tenant.dashboard',
  summary: 'The tenant and the counts of its pets, clients, appointments and pending invoices',
  input: yup.object({ tenant_id: idNumber().required() }),
  permission: 'tenant.member',
  kind: 'read',
  async run(ctx: ClinicRun, input): Promise<Dashboard> {
    const { db } = ctx;
    const tenant = await loadTenant(db, input.tenant_id);
    await ctx.authorize(tenant.id, 'Tenant');
    const count = async (q: ReturnType<typeof db>) =>
      Number(((await q.count({ n: '*' }).first()) as { n?: number })?.n ?? 0);
    const [pets, clients, appointments, invoices] = await Promise.all([
      count(db('pets').where('tenant_id', tenant.id)),
      count(db('clinic_clients').where('tenant_id', tenant.id)),
      count(db('appointments').where('tenant_id', tenant.id)),
      count(db('invoices').where('tenant_id', tenant.id).whereNotIn('status', SETTLED_INVOICE_STATUSES)),
    ]);
    return {
      tenant: serializeTenant(tenant),
      stats: {
        pets_count: pets,
        clients_count: clients,
        appointments_count: appointments,
        pending_invoices_count: invoices,
      },
    };
  },
});
