// GET /tenant/{tenant}/dashboard: the tenant and the counts of its records. A pending invoice is
// one still open for payment: any status but paid, voided or estimate.
import type { ClinicContext } from '../../context.js';

export interface DashboardStats {
  pets_count: number;
  clients_count: number;
  appointments_count: number;
  pending_invoices_count: number;
}

export const SETTLED_INVOICE_STATUSES = ['paid', 'voided', 'estimate'];

export async function getDashboard(ctx: ClinicContext, input: { tenantId: number }): Promise<DashboardStats> {
  const { db } = ctx.services;
  const count = async (q: ReturnType<typeof db>) =>
    Number(((await q.count({ n: '*' }).first()) as { n?: number })?.n ?? 0);
  const [pets, clients, appointments, invoices] = await Promise.all([
    count(db('pets').where('tenant_id', input.tenantId)),
    count(db('clinic_clients').where('tenant_id', input.tenantId)),
    count(db('appointments').where('tenant_id', input.tenantId)),
    count(db('invoices').where('tenant_id', input.tenantId).whereNotIn('status', SETTLED_INVOICE_STATUSES)),
  ]);
  return {
    pets_count: pets,
    clients_count: clients,
    appointments_count: appointments,
    pending_invoices_count: invoices,
  };
}
