// `wfctl user create`: an account with a bcrypt password and its role grants.
import { ValidationError } from '../../../core/errors.js';
import { toDbTime } from '../../../db/time.js';
import { inTransaction } from '../../../db/transaction.js';
import { recordAudit } from '../../audit/record.js';
import { requireSystemAdmin, type AdminContext } from '../admin.js';
import { addGrants, resolveGrants } from '../grant-roles.js';
import { hashPassword } from '../passwords.js';
import { adminUserBody, type AdminUserBody } from '../user-body.js';
import { parseRoleRef, type CreateUserInput } from '../user-schemas.js';

export async function createUser(
  ctx: AdminContext,
  input: CreateUserInput,
  opts: { dryRun?: boolean } = {},
): Promise<AdminUserBody> {
  requireSystemAdmin(ctx.actor, 'create users');
  const refs = input.roles.map((r) => parseRoleRef(r, 'roles'));
  const email = input.email.toLowerCase();
  // Hashing is slow on purpose; do it before the transaction holds any lock.
  const passwordHash = await hashPassword(input.password);
  const { clock } = ctx.services;
  return inTransaction(
    ctx.services.db,
    async (trx) => {
      if (await trx('users').where({ email }).first('id')) {
        throw ValidationError.field('email', `A user with email ${email} already exists.`);
      }
      const grants = await resolveGrants(trx, refs, 'roles');
      const now = toDbTime(clock.now());
      const [id] = await trx('users').insert({
        email,
        name: input.name,
        password_hash: passwordHash,
        is_active: true,
        is_system: false,
        created_at: now,
        updated_at: now,
      });
      await addGrants(trx, clock, Number(id), grants);
      const body = await adminUserBody(trx, Number(id));
      await recordAudit(trx, clock, {
        event: 'user.created',
        actorUserId: ctx.actor.userId,
        subjectType: 'user',
        subjectId: Number(id),
        organizationId: null,
        context: { email, grants: body.grants },
      });
      return body;
    },
    opts,
  );
}
