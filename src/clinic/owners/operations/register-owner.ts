// POST /auth/owner/register: a pet owner's account and the Client row linking it to the tenant
// (the clinic) they registered with. The owner is not a member of the tenant: they reach their
// records through /owner/me/*, never through /tenant/{tenant}/*.
import type { Knex } from 'knex';
import { ValidationError, type FieldErrors } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { hashPassword } from '../../../core/passwords.js';
import { loadUserRecord } from '../../identity/queries.js';
import { serializeUser, type UserView } from '../../identity/serialize.js';
import { byAccount } from '../../policy.js';
import { onUniqueViolation, takenFields, type UniqueCheck } from '../../uniqueness.js';
import { registerOwnerSchema } from '../schemas.js';
import { countAdded } from '../../counters.js';

export interface RegisteredOwner {
  user: UserView;
  client_id: number;
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

export const registerOwner = defineWrite('owner.register', 'public', {
  summary: 'Register a pet owner: the account and the Client row linking it to the tenant',
  input: registerOwnerSchema,
  async run(ctx: ClinicRun, input): Promise<RegisteredOwner> {
    const { db } = ctx;
    const errors = await registrationProblems(db, input); // both problems named in one answer
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const passwordHash = await hashPassword(input.password, ctx.services.config.passwordHashCost);

    const ids = await onUniqueViolation(db, emailCheck(input.email), async (trx) => {
      const now = toDbTime(ctx.services.clock.now());
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
      await countAdded(trx, input.tenant_id, 'clients');
      return { userId: Number(userId), clientId: Number(clientId) };
    });
    ctx.audit(
      byAccount(ids.userId, {
        scopeId: input.tenant_id,
        action: 'owner.registered',
        subjectType: 'client',
        subjectId: ids.clientId,
        details: { user_id: ids.userId },
      }),
    );
    return { user: serializeUser(await loadUserRecord(db, ids.userId)), client_id: ids.clientId };
  },
});
