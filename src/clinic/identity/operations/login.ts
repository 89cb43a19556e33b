// POST /auth/login: email and password → a new bearer token and the user resource. A wrong email
// and a wrong password are the same 401 and take the same time.
import { UnauthorizedError } from '../../../core/errors.js';
import { inTransaction } from '../../../db/transaction.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';
import { verifyPassword } from '../passwords.js';
import { loadUserRecord, type UserRecord } from '../queries.js';
import type { LoginInput } from '../schemas.js';
import { issueToken, type IssuedClinicToken } from '../tokens.js';

export interface LoginResult {
  record: UserRecord;
  token: IssuedClinicToken;
}

export const BAD_CREDENTIALS = 'These credentials do not match our records.';

export async function login(ctx: ClinicContext, input: LoginInput): Promise<LoginResult> {
  const { db, clock, config } = ctx.services;
  const user = await db('clinic_users').where('email', input.email).first('id', 'password_hash');
  const ok = await verifyPassword(input.password, user?.password_hash);
  if (!user || !ok) throw new UnauthorizedError(BAD_CREDENTIALS);
  const userId = Number(user.id);
  const token = await inTransaction(db, async (trx) => {
    const issued = await issueToken(trx, clock, userId, config.clinic.tokenTtlDays);
    await recordAudit(
      trx,
      { ...ctx, actor: { ...ctx.actor, userId } },
      {
        tenantId: null,
        action: 'user.logged_in',
        subjectType: 'user',
        subjectId: userId,
        details: { token_id: issued.id },
      },
    );
    return issued;
  });
  return { record: await loadUserRecord(db, userId), token };
}
