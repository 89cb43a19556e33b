// POST /auth/owner/register: a pet owner's account and the Client row linking it to the tenant
// (the clinic) they registered with. The owner is not a member of the tenant: they reach their
// records through /owner/me/*, never through /tenant/{tenant}/*.
import type { Knex } from 'knex';
import { ValidationError, type FieldErrors } from '../../../core/errors.js';
import { inTransaction } from '../../../db/transaction.js';
import { toDbTime } from '../../../db/time.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';
import { hashPassword } from '../../identity/passwords.js';
import { loadUserRecord, type UserRecord } from '../../identity/queries.js';
import { onUniqueViolation, takenFields, type UniqueCheck } from '../../uniqueness.js';
import type { RegisterOwnerInput } from '../schemas.js';

export interface RegisteredOwner {
  user: UserRecord;
  clientId: number;
}

const emailCheck = (email: string | undefined): UniqueCheck[] => [
  { field: 'email', table: 'clinic_users', where: { email } },
];

/** The database's rules of a registration: the email is free, the tenant exists (undefined: not checked). */
export async function registrationProblems(
  db: Knex,
  input: { email?: string; tenant_id?: number },
): Promise<FieldErrors> {
  const errors = await takenFields(db, emailCheck(input.email));
  if (input.tenant_id !== undefined && !(await db('tenants').where('id', input.tenant_id).first('id'))) {
    errors.tenant_id = ['The selected tenant_id is invalid.'];
  }
  return errors;
}

export async function registerOwner(ctx: ClinicContext, input: RegisterOwnerInput): Promise<RegisteredOwner> {
  const { db, clock } = ctx.services;
  const checks = emailCheck(input.email);
  const errors = await registrationProblems(db, input); // both problems named in one answer
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const passwordHash = await hashPassword(input.password);

  const ids = await onUniqueViolation(db, checks, () =>
    inTransaction(db, async (trx) => {
      const now = toDbTime(clock.now());
      const [userId] = await trx('clinic_users').insert({
        name: input.name,
        email: input.email,
        password_hash: passwordHash,
        phone: input.phone ?? null,
        created_at: now,
        updated_at: now,
      });
      const [clientId] = await trx('clinic_clients').insert({
        tenant_id: input.tenant_id,
        owner_user_id: userId,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        created_at: now,
        updated_at: now,
      });
      await recordAudit(
        trx,
        { ...ctx, actor: { ...ctx.actor, userId: Number(userId) } },
        {
          tenantId: input.tenant_id,
          action: 'owner.registered',
          subjectType: 'client',
          subjectId: Number(clientId),
          details: { user_id: Number(userId) },
        },
      );
      return { userId: Number(userId), clientId: Number(clientId) };
    }),
  );
  return { user: await loadUserRecord(db, ids.userId), clientId: ids.clientId };
}
