// POST /auth/login: check the credentials, issue a token (web, or mobile bound to the device), and
// answer with the user's roles and scopes. Every credential failure is the same 401, so the answer
// never tells whether an email exists or an account is disabled.
import type { Knex } from 'knex';
import { UnauthorizedError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import type { Shape } from '../../../core/shape.js';
import type { WorkforceRun } from '../../context.js';
import { registerLoginDevice } from '../../devices/register.js';
import { verifyPassword } from '../../../core/passwords.js';
import { loginSchema } from '../schemas.js';
import { userBody, type LoginResponse } from '../serialize.js';
import { issueUserToken } from '../tokens.js';

export const BAD_CREDENTIALS = 'These credentials do not match our records.';

export type LoginResult = Shape<typeof LoginResponse>;

export const login = defineWrite('auth.login', 'public', {
  summary: 'Log in with email and password; returns a bearer token (mobile when device_fingerprint is sent)',
  input: loginSchema,
  // The password is compared before the transaction opens (on SQLite a transaction holds the one
  // write lock, and bcrypt takes tens of milliseconds); a plain read holds no lock.
  async prepare(ctx, input) {
    const email = input.email.trim().toLowerCase();
    const user = await ctx.services
      .db('users')
      .where({ email, is_system: false })
      .first('id', 'name', 'email', 'password_hash', 'is_active');
    const passwordOk = await verifyPassword(
      input.password,
      user?.password_hash,
      ctx.services.config.passwordHashCost,
    );
    if (!user || !passwordOk || !user.is_active) throw new UnauthorizedError(BAD_CREDENTIALS);
    return user as { id: number; name: string; email: string; is_active: unknown };
  },
  async run(ctx: WorkforceRun, input, user): Promise<LoginResult> {
    const { db } = ctx;
    const { clock, config } = ctx.services;
    const fingerprint = input.device_fingerprint ?? null;
    const clientKind = fingerprint ? 'mobile' : 'web';
    if (fingerprint) {
      await registerLoginDevice(db as Knex.Transaction, clock, {
        userId: Number(user.id),
        fingerprint,
        name: input.device_name,
      });
    }
    const issued = await issueUserToken(db, clock, {
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
      user: await userBody(db, user),
      expires_at: issued.expiresAt.toISOString(),
    };
  },
});
