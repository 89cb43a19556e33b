// What a reminder run reads: the tenant's settings, and the plan of one run (which pets, which
// vaccinations, to whom). The preview and the run share planReminders, so a preview is what the
// run on that date sends. Every query is scoped by the tenant: a pet a share code moved to another
// clinic (pets.tenant_id) is that clinic's, and this one never writes about it again.
import type { Knex } from 'knex';
import { addDays } from '../../core/calendar.js';

export interface TenantReminders {
  tenant_id: number;
  tenant_name: string;
  timezone: string;
  enabled: boolean;
  days_before_due: number;
  send_hour: number;
  sender_name: string | null;
}

export function toSettings(row: Record<string, any>): TenantReminders {
  return {
    tenant_id: Number(row.id),
    tenant_name: String(row.name),
    timezone: String(row.timezone),
    enabled: Boolean(row.reminders_enabled),
    days_before_due: Number(row.reminder_days_before),
    send_hour: Number(row.reminder_send_hour),
    sender_name: row.reminder_sender_name ?? null,
  };
}

export async function loadReminders(db: Knex, tenantId: number): Promise<TenantReminders | null> {
  const row = await db('tenants').where('id', tenantId).first();
  return row ? toSettings(row) : null;
}

export interface Recipient {
  user_id: number;
  name: string;
  email: string;
  role: 'owner' | 'caregiver';
}

export interface DueVaccination {
  vaccination_id: number;
  name: string;
  due_on: string;
}

export interface PlannedPet {
  pet_id: number;
  pet_name: string;
  due: DueVaccination[];
  recipients: Recipient[];
}

/**
 * The pets of `tenant` to write about on `date` (its wall clock): each vaccination of a living pet
 * of the tenant due from `date` to `days_before_due` days later, the latest of its name for that pet
 * (a booster given since supersedes the older record), that has no reminder logged for that due
 * date; sent to the owner, and to the full-access caregivers when the owner allows it, leaving out
 * whoever opted out of this tenant's reminders. A pet with nobody left to write to is left out.
 */
export async function planReminders(db: Knex, tenant: TenantReminders, date: string): Promise<PlannedPet[]> {
  if (!tenant.enabled) return [];
  const rows = await db('pet_vaccinations as v')
    .join('pets as p', 'p.id', 'v.pet_id')
    .join('clinic_clients as c', 'c.id', 'p.client_id')
    .join('clinic_users as u', 'u.id', 'c.owner_user_id')
    .where('p.tenant_id', tenant.tenant_id)
    .whereNull('p.deceased_on')
    .whereBetween('v.next_due_at', [date, addDays(date, tenant.days_before_due)])
    .whereNotExists((q) =>
      q
        .select(db.raw('1'))
        .from('vaccination_reminders as r')
        .whereRaw('r.vaccination_id = v.id')
        .whereRaw('r.due_on = v.next_due_at'),
    )
    .whereNotExists((q) =>
      q
        .select(db.raw('1'))
        .from('pet_vaccinations as later')
        .whereRaw('later.pet_id = v.pet_id')
        .whereRaw('LOWER(later.name) = LOWER(v.name)')
        .where((w) =>
          w
            .whereRaw('later.administered_at > v.administered_at')
            .orWhereRaw('(later.administered_at = v.administered_at AND later.id > v.id)'),
        ),
    )
    .orderBy([{ column: 'p.id' }, { column: 'v.next_due_at' }, { column: 'v.id' }])
    .select(
      'v.id as vaccination_id',
      'v.name',
      'v.next_due_at',
      'p.id as pet_id',
      'p.name as pet_name',
      'u.id as owner_id',
      'u.name as owner_name',
      'u.email as owner_email',
      'u.reminders_to_caregivers',
    );
  const optedOut = new Set(
    (await db('reminder_opt_outs').where('tenant_id', tenant.tenant_id).pluck('user_id')).map(Number),
  );
  const pets = new Map<number, PlannedPet & { owner: Record<string, any> }>();
  for (const r of rows) {
    const petId = Number(r.pet_id);
    let pet = pets.get(petId);
    if (!pet)
      pets.set(petId, (pet = { pet_id: petId, pet_name: r.pet_name, due: [], recipients: [], owner: r }));
    pet.due.push({ vaccination_id: Number(r.vaccination_id), name: r.name, due_on: String(r.next_due_at) });
  }
  const planned: PlannedPet[] = [];
  for (const { owner, ...pet } of pets.values()) {
    const everyone: Recipient[] = [
      { user_id: Number(owner.owner_id), name: owner.owner_name, email: owner.owner_email, role: 'owner' },
    ];
    if (owner.reminders_to_caregivers) everyone.push(...(await fullCaregivers(db, pet.pet_id)));
    const seen = new Set<number>();
    pet.recipients = everyone.filter((r) => {
      const keep = !optedOut.has(r.user_id) && !seen.has(r.user_id);
      seen.add(r.user_id);
      return keep;
    });
    if (pet.recipients.length) planned.push(pet);
  }
  return planned;
}

async function fullCaregivers(db: Knex, petId: number): Promise<Recipient[]> {
  const rows = await db('pet_caregivers as g')
    .join('clinic_users as u', 'u.id', 'g.caregiver_user_id')
    .where({ 'g.pet_id': petId, 'g.access_level': 'full' })
    .whereNotNull('g.accepted_at')
    .whereNull('g.revoked_at')
    .orderBy('u.id')
    .select('u.id', 'u.name', 'u.email');
  return rows.map((u) => ({ user_id: Number(u.id), name: u.name, email: u.email, role: 'caregiver' }));
}

/** The reminder log of one pet, newest first. */
export function petReminderLog(db: Knex, petId: number) {
  return db('vaccination_reminders as r')
    .join('pet_vaccinations as v', 'v.id', 'r.vaccination_id')
    .where('r.pet_id', petId)
    .orderBy('r.id', 'desc')
    .select('r.*', 'v.name as vaccination_name');
}
