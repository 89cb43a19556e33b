// POST /auth/login: check the credentials, issue a token (web, or mobile bound to the device), and
// answer with the user's roles and scopes. Every credential failure is the same 401, so the answer
// never tells whether an email exists or an account is disabled.
import type { Services } from '../../../core/services.js';
import { UnauthorizedError } from '../../../core/errors.js';
import { inTransaction } from '../../../db/transaction.js';
import { registerLoginDevice } from '../../devices/register.js';
import { verifyPassword } from '../passwords.js';
import type { LoginInput } from '../schemas.js';
import { userBody, type UserBody } from '../serialize.js';
import { issueUserToken } from '../tokens.js';

export const BAD_CREDENTIALS = 'These credentials do not match our records.';

export interface LoginResult {
  token: string;
  token_type: 'Bearer';
  user: UserBody;
  expires_at: string;
}

export async function login(ctx: { services: Services }, input: LoginInput): Promise<LoginResult> {
  const { db, clock, config } = ctx.services;
  const email = input.email.trim().toLowerCase();
  const user = await db('users')
    .where({ email, is_system: false })
    .first('id', 'name', 'email', 'password_hash', 'is_active');
  const passwordOk = await verifyPassword(input.password, user?.password_hash);
  if (!user || !passwordOk || !user.is_active) throw new UnauthorizedError(BAD_CREDENTIALS);

  const fingerprint = input.device_fingerprint ?? null;
  const clientKind = fingerprint ? 'mobile' : 'web';
  return inTransaction(db, async (trx) => {
    if (fingerprint) {
      await registerLoginDevice(trx, clock, {
        userId: Number(user.id),
        fingerprint,
        name: input.device_name,
      });
    }
    const issued = await issueUserToken(trx, clock, {
      userId: Number(user.id),
      name: input.device_name,
      clientKind,
      deviceFingerprint: fingerprint,
      ttlDays:
        clientKind === 'mobile' ? config.workforce.tokenTtlMobileDays : config.workforce.tokenTtlWebDays,
    });
    return {
      token: issued.token,
      token_type: 'Bearer' as const,
      user: await userBody(trx, user),
      expires_at: issued.expiresAt.toISOString(),
    };
  });
}
