// Appointment lists, 20 per page, latest scheduled first: the tenant's, or those of the pets whose
// Client row belongs to the owner.
import type { ClinicContext } from '../../context.js';
import { fetchPage, PAGE_SIZES, type Page } from '../../pagination.js';
import { appointmentsWithRelations } from '../queries.js';

const order = [
  { column: 'a.scheduled_at', order: 'desc' },
  { column: 'a.id', order: 'desc' },
];

export function listTenantAppointments(
  ctx: ClinicContext,
  input: { tenantId: number; page: number },
): Promise<Page<Record<string, any>>> {
  const q = appointmentsWithRelations(ctx.services.db).where('a.tenant_id', input.tenantId).orderBy(order);
  return fetchPage(q, input.page, PAGE_SIZES.appointments);
}

export function listOwnerAppointments(
  ctx: ClinicContext,
  input: { ownerUserId: number; page: number },
): Promise<Page<Record<string, any>>> {
  const { db } = ctx.services;
  // The owner's pets are those whose *current* Client row is theirs (a pet can move between clients).
  const q = appointmentsWithRelations(db)
    .whereIn(
      'a.pet_id',
      db('pets')
        .join('clinic_clients', 'clinic_clients.id', 'pets.client_id')
        .where('clinic_clients.owner_user_id', input.ownerUserId)
        .select('pets.id'),
    )
    .orderBy(order);
  return fetchPage(q, input.page, PAGE_SIZES.appointments);
}
