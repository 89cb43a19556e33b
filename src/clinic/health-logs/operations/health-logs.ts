// The health journal. Owners and caregivers read and write from the portal (owner-health-log.*,
// source owner); clinic staff with medical_record.* read and write from
// /tenant/{tenant}/patients/{pet} (health-log.list, health-log.create, source clinic; the list also
// `wfctl health-log list`). An owner deletes only the entries they wrote themselves; anyone else's
// entry is a 404.
import type { Knex } from 'knex';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../core/errors.js';
import { startOfZonedDay } from '../../../core/calendar.js';
import { MINUTE } from '../../../core/clock.js';
import { defineRead, defineWrite } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { tenantScope, tenantScoped } from '../../tenant-scope.js';
import { ownedPet } from '../../ownership.js';
import { fetchPage, type Page } from '../../pagination.js';
import { callerId } from '../../pets/access.js';
import { tenantTimeZone } from '../../tenants/time-zone.js';
import { healthLogListQuery, healthLogSchema, parseInstant, type HealthLogInput } from '../schemas.js';
import { serializeHealthLog, type HealthLogView } from '../serialize.js';

/** The contract does not size this list: the clinic's default of 50 (docs/clinic.md). */
export const HEALTH_LOGS_PER_PAGE = 50;

/** A phone a little ahead of the server may say "now"; a later entry is a typo. */
const FUTURE_TOLERANCE_MS = 5 * MINUTE;

type Row = Record<string, any>;

function journal(db: Knex, petId: number, since?: Date) {
  const q = db('pet_health_logs').where('pet_id', petId);
  // Instants are stored as UTC text, so text order is time order.
  if (since) q.where('logged_at', '>=', toDbTime(since));
  return q.orderBy([
    { column: 'logged_at', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
}

/**
 * `since` (YYYY-MM-DD) is a day on the clinic's wall clock: from its local midnight, in the time zone
 * of the tenant the pet belongs to. A clinic in Asia/Kolkata asking for 2026-03-01 gets what was
 * logged from 2026-02-28T18:30Z on; the UTC day would miss its first five and a half hours.
 */
async function sinceInstant(
  db: Knex,
  tenantId: unknown,
  since: string | undefined,
): Promise<Date | undefined> {
  if (!since) return undefined;
  return startOfZonedDay(since, await tenantTimeZone(db, tenantId));
}

async function page(
  db: Knex,
  petId: number,
  since: Date | undefined,
  n: number,
): Promise<Page<HealthLogView>> {
  const found = await fetchPage<Row>(journal(db, petId, since), n, HEALTH_LOGS_PER_PAGE);
  return { ...found, items: found.items.map(serializeHealthLog) };
}

async function insertLog(
  ctx: ClinicRun,
  pet: Row,
  input: HealthLogInput,
  by: { userId: number; source: 'owner' | 'clinic'; tenantId: number | null },
): Promise<HealthLogView> {
  const { db } = ctx;
  const now = ctx.services.clock.now();
  const loggedAt = input.logged_at ? parseInstant(input.logged_at)! : now;
  if (loggedAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) {
    throw ValidationError.field('logged_at', 'The logged_at field must not be in the future.');
  }
  const [id] = await db('pet_health_logs').insert({
    pet_id: pet.id,
    logged_at: toDbTime(loggedAt),
    weight_kg: input.weight_kg ?? null,
    appetite: input.appetite ?? null,
    energy_level: input.energy_level ?? null,
    stool_quality: input.stool_quality ?? null,
    water_intake_ml_per_kg: input.water_intake_ml_per_kg ?? null,
    symptoms: input.symptoms?.length ? JSON.stringify(input.symptoms) : null,
    notes: input.notes ?? null,
    logged_by_user_id: by.userId,
    source: by.source,
    tenant_id: by.tenantId,
    created_at: toDbTime(now),
    updated_at: toDbTime(now),
  });
  ctx.audit({
    action: 'health_log.created',
    subjectType: 'health_log',
    subjectId: Number(id),
    scopeId: by.tenantId ?? Number(pet.tenant_id),
    details: { pet_id: pet.id, source: by.source },
  });
  return serializeHealthLog(await db('pet_health_logs').where('id', id).first());
}

const ownerPetInput = { pet_id: idNumber().required() };

export const listOwnerHealthLogs = defineRead('owner-health-log.list', 'authenticated', {
  summary: 'The pet’s health journal; owner or any caregiver',
  input: healthLogListQuery.shape(ownerPetInput),
  async run(ctx: ClinicRun, input): Promise<Page<HealthLogView>> {
    const { pet } = await ctx.owns(ownedPet(input.pet_id, 'view'));
    const since = await sinceInstant(ctx.db, pet.tenant_id, input.since);
    return page(ctx.db, input.pet_id, since, input.page);
  },
});

export const createOwnerHealthLog = defineWrite('owner-health-log.create', 'authenticated', {
  summary: 'Write a health log (source owner); the owner or a full-access caregiver',
  input: healthLogSchema.shape(ownerPetInput),
  async run(ctx: ClinicRun, input): Promise<HealthLogView> {
    const userId = callerId(ctx);
    const { pet } = await ctx.owns(ownedPet(input.pet_id, 'full'));
    return insertLog(ctx, pet, input, { userId, source: 'owner', tenantId: null });
  },
});

export const deleteOwnerHealthLog = defineWrite('owner-health-log.delete', 'authenticated', {
  summary: 'Delete a health log the caller wrote',
  input: yup.object({ ...ownerPetInput, health_log_id: idNumber().required() }),
  async run(ctx: ClinicRun, input): Promise<void> {
    const userId = callerId(ctx);
    const { pet } = await ctx.owns(ownedPet(input.pet_id, 'full'));
    const deleted = await ctx
      .db('pet_health_logs')
      .where({ id: input.health_log_id, pet_id: pet.id, logged_by_user_id: userId })
      .delete();
    if (!deleted) throw new NotFoundError('Health log not found.');
    ctx.audit({
      action: 'health_log.deleted',
      subjectType: 'health_log',
      subjectId: input.health_log_id,
      scopeId: Number(pet.tenant_id),
      details: { pet_id: pet.id },
    });
  },
});

/** A patient of the tenant: the pet must belong to it now, else 404. */
async function patientOf(db: Knex, tenantId: number, petId: number): Promise<Row> {
  const pet = await db('pets').where({ id: petId, tenant_id: tenantId }).first();
  if (!pet) throw new NotFoundError('Patient not found.');
  return pet;
}

const patientInput = { pet_id: idNumber().required() };

export const listHealthLogs = defineRead('health-log.list', 'medical_record.read', {
  summary: 'A patient’s health journal (owner and clinic entries)',
  input: tenantScoped(healthLogListQuery.shape(patientInput)),
  async run(ctx: ClinicRun, input): Promise<Page<HealthLogView>> {
    const tenantId = await tenantScope(ctx, input);
    await patientOf(ctx.db, tenantId, input.pet_id);
    const since = await sinceInstant(ctx.db, tenantId, input.since);
    return page(ctx.db, input.pet_id, since, input.page);
  },
});

export const createHealthLog = defineWrite('health-log.create', 'medical_record.create', {
  summary: 'Write a health log for a patient (source clinic)',
  input: tenantScoped(healthLogSchema.shape(patientInput)),
  async run(ctx: ClinicRun, input): Promise<HealthLogView> {
    const tenantId = await tenantScope(ctx, input);
    // An entry names who wrote it: a staff member, never the operator.
    if (ctx.actor.kind !== 'user') {
      throw new ForbiddenError('A clinic health log is written by a staff member; pass --actor EMAIL.');
    }
    const pet = await patientOf(ctx.db, tenantId, input.pet_id);
    return insertLog(ctx, pet, input, {
      userId: ctx.actor.userId,
      source: 'clinic',
      tenantId,
    });
  },
});
