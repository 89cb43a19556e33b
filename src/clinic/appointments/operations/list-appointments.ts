// Appointment lists, 20 per page, latest scheduled first: the tenant's (appointment.list), or those
// of the pets whose Client row belongs to the caller (owner-appointment.list).
import { defineRead } from '../../../core/operation.js';
import type { ClinicRun } from '../../context.js';
import { tenantScope, tenantScoped } from '../../tenant-scope.js';
import type { Knex } from 'knex';
import type { Branch, OrderTerm } from '../../../db/ordered-union.js';
import { branchPerKey, ownerPetIds } from '../../owner-scope.js';
import { fetchKeyedPage, PAGE_SIZES, type Page } from '../../pagination.js';
import { appointmentsWithRelations } from '../queries.js';
import { toDbTime } from '../../../db/time.js';
import { appointmentListQuery, tenantAppointmentListQuery, veterinarianName } from '../schemas.js';
import { serializeAppointment, type AppointmentView } from '../serialize.js';
import { counterTotal } from '../../counters.js';
import { namedVeterinarian } from '../veterinarian.js';

const order: OrderTerm[] = [
  { column: 'scheduled_at', order: 'desc' },
  { column: 'id', order: 'desc' },
];

async function page(
  db: Knex,
  branches: Branch[],
  n: number,
  known?: () => Promise<number>,
): Promise<Page<AppointmentView>> {
  const found = await fetchKeyedPage<Record<string, any>>(
    db,
    branches,
    order,
    n,
    PAGE_SIZES.appointments,
    (ids) => appointmentsWithRelations(db).whereIn('a.id', ids),
    known,
  );
  return { ...found, items: found.items.map(serializeAppointment) };
}

export const listAppointments = defineRead('appointment.list', 'tenant.member', {
  summary: 'The tenant’s appointments with pet, client and veterinarian, 20 per page, latest first',
  input: tenantScoped(tenantAppointmentListQuery.shape({ ...veterinarianName })),
  async run(ctx: ClinicRun, input): Promise<Page<AppointmentView>> {
    const tenantId = await tenantScope(ctx, input);
    // Filters by start time, compared as stored (UTC text); index (tenant_id, [veterinarian,] scheduled_at).
    const q = ctx.db('appointments as a').where('a.tenant_id', tenantId).select('a.id', 'a.scheduled_at');
    const veterinarianId = await namedVeterinarian(ctx.db, tenantId, input);
    if (veterinarianId != null) q.where('a.veterinarian_user_id', veterinarianId);
    if (input.from) q.where('a.scheduled_at', '>=', toDbTime(new Date(input.from)));
    if (input.to) q.where('a.scheduled_at', '<', toDbTime(new Date(input.to)));
    // The total: without a filter, the tenant's appointment counters (every status); with a
    // veterinarian or a time range, COUNT(*) over that index range (no counter is kept per
    // veterinarian or per time).
    const filtered = veterinarianId != null || Boolean(input.from) || Boolean(input.to);
    const known = filtered ? undefined : () => counterTotal(ctx.db, tenantId, 'appointments');
    return page(ctx.db, [{ query: q }], input.page, known);
  },
});

export const listOwnerAppointments = defineRead('owner-appointment.list', 'authenticated', {
  summary: 'Appointments of the caller’s pets, 20 per page, latest first',
  input: appointmentListQuery,
  async run(ctx: ClinicRun, input): Promise<Page<AppointmentView>> {
    const { db } = ctx;
    // The owner's pets are those whose *current* Client row is theirs (a pet can move between
    // clients); per pet, index (pet_id, scheduled_at, id). The total stays a COUNT(*) (per owner).
    const pets = await ownerPetIds(db, ctx.owns('self'));
    const branches = branchPerKey(pets, 'a.pet_id', () =>
      db('appointments as a').select('a.id', 'a.scheduled_at'),
    );
    return page(db, branches, input.page);
  },
});
