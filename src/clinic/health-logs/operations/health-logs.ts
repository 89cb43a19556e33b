// The health journal. Owners and caregivers write from the portal (source owner); clinic staff with
// medical_record.* read and write from /tenant/{tenant}/patients/{pet} (source clinic). An owner
// deletes only the entries they wrote themselves; anyone else's entry is a 404.
import type { Knex } from 'knex';
import { NotFoundError, ValidationError } from '../../../core/errors.js';
import { MINUTE } from '../../../core/clock.js';
import { inTransaction } from '../../../db/transaction.js';
import { toDbTime } from '../../../db/time.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';
import { fetchPage, type Page } from '../../pagination.js';
import { petForCaller } from '../../pets/access.js';
import { parseInstant, type HealthLogInput } from '../schemas.js';

/** The contract does not size this list: the clinic's default of 50 (docs/clinic.md). */
export const HEALTH_LOGS_PER_PAGE = 50;

/** A phone a little ahead of the server may say "now"; a later entry is a typo. */
const FUTURE_TOLERANCE_MS = 5 * MINUTE;

type Row = Record<string, any>;

function journal(db: Knex, petId: number, since?: string) {
  const q = db('pet_health_logs').where('pet_id', petId);
  // `since` is a UTC calendar day; instants are stored as UTC text, so text order is time order.
  if (since) q.where('logged_at', '>=', `${since} 00:00:00.000`);
  return q.orderBy([
    { column: 'logged_at', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
}

async function insertLog(
  trx: Knex.Transaction,
  ctx: ClinicContext,
  pet: Row,
  input: HealthLogInput,
  by: { userId: number; source: 'owner' | 'clinic'; tenantId: number | null },
): Promise<Row> {
  const now = ctx.services.clock.now();
  const loggedAt = input.logged_at ? parseInstant(input.logged_at)! : now;
  if (loggedAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) {
    throw ValidationError.field('logged_at', 'The logged_at field must not be in the future.');
  }
  const [id] = await trx('pet_health_logs').insert({
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
  await recordAudit(trx, ctx, {
    tenantId: by.tenantId ?? Number(pet.tenant_id),
    action: 'health_log.created',
    subjectType: 'health_log',
    subjectId: Number(id),
    details: { pet_id: pet.id, source: by.source },
  });
  return trx('pet_health_logs').where('id', id).first();
}

export async function listOwnerHealthLogs(
  ctx: ClinicContext,
  input: { userId: number; petId: number; since?: string; page: number },
): Promise<Page<Row>> {
  const { db } = ctx.services;
  await petForCaller(db, input.userId, input.petId, 'view');
  return fetchPage(journal(db, input.petId, input.since), input.page, HEALTH_LOGS_PER_PAGE);
}

export function createOwnerHealthLog(
  ctx: ClinicContext,
  input: HealthLogInput & { userId: number; petId: number },
): Promise<Row> {
  return inTransaction(ctx.services.db, async (trx) => {
    const { pet } = await petForCaller(trx, input.userId, input.petId, 'full');
    return insertLog(trx, ctx, pet, input, { userId: input.userId, source: 'owner', tenantId: null });
  });
}

export function deleteOwnerHealthLog(
  ctx: ClinicContext,
  input: { userId: number; petId: number; healthLogId: number },
): Promise<void> {
  return inTransaction(ctx.services.db, async (trx) => {
    const { pet } = await petForCaller(trx, input.userId, input.petId, 'full');
    const deleted = await trx('pet_health_logs')
      .where({ id: input.healthLogId, pet_id: pet.id, logged_by_user_id: input.userId })
      .delete();
    if (!deleted) throw new NotFoundError('Health log not found.');
    await recordAudit(trx, ctx, {
      tenantId: Number(pet.tenant_id),
      action: 'health_log.deleted',
      subjectType: 'health_log',
      subjectId: input.healthLogId,
      details: { pet_id: pet.id },
    });
  });
}

/** A patient of the tenant: the pet must belong to it now, else 404. */
async function patientOf(db: Knex, tenantId: number, petId: number): Promise<Row> {
  const pet = await db('pets').where({ id: petId, tenant_id: tenantId }).first();
  if (!pet) throw new NotFoundError('Patient not found.');
  return pet;
}

export async function listPatientHealthLogs(
  ctx: ClinicContext,
  input: { tenantId: number; petId: number; since?: string; page: number },
): Promise<Page<Row>> {
  const { db } = ctx.services;
  await patientOf(db, input.tenantId, input.petId);
  return fetchPage(journal(db, input.petId, input.since), input.page, HEALTH_LOGS_PER_PAGE);
}

export function createPatientHealthLog(
  ctx: ClinicContext,
  input: HealthLogInput & { userId: number; tenantId: number; petId: number },
): Promise<Row> {
  return inTransaction(ctx.services.db, async (trx) => {
    const pet = await patientOf(trx, input.tenantId, input.petId);
    return insertLog(trx, ctx, pet, input, {
      userId: input.userId,
      source: 'clinic',
      tenantId: input.tenantId,
    });
  });
}
