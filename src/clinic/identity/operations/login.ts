// POST /auth/login: email and password → a new bearer token and the user resource. A wrong email
// and a wrong password are the same 401 and take the same time.
import { UnauthorizedError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import type { ClinicRun } from '../../context.js';
import { byAccount } from '../../policy.js';
import { verifyPassword } from '../../../core/passwords.js';
import { loadUserRecord } from '../queries.js';
import { loginSchema } from '../schemas.js';
import { serializeUser, type UserView } from '../serialize.js';
import { issueToken } from '../tokens.js';

export interface LoginResult {
  user: UserView;
  /** `<id>|<secret>`: shown only here. */
  token: string;
  token_type: 'Bearer';
  expires_at: string;
}

export const BAD_CREDENTIALS = 'These credentials do not match our records.';

export const login = defineWrite('auth.login', 'public', {
  summary: 'Log in with email and password: the user resource plus a bearer token',
  input: loginSchema,
  // The password is compared before the transaction opens (on SQLite a transaction holds the one
  // write lock, and bcrypt takes tens of milliseconds).
  async prepare(ctx, input) {
    const user = await ctx.services
      .db('clinic_users')
      .where('email', input.email)
      .first('id', 'password_hash');
    const ok = await verifyPassword(
      input.password,
      user?.password_hash,
      ctx.services.config.passwordHashCost,
    );
    if (!user || !ok) throw new UnauthorizedError(BAD_CREDENTIALS);
    return { id: Number(user.id) };
  },
  async run(ctx: ClinicRun, _input, user): Promise<LoginResult> {
    const { db } = ctx;
    const { clock, config } = ctx.services;
    const userId = Number(user.id);
    const issued = await issueToken(db, clock, userId, config.clinic.tokenTtlDays);
    ctx.audit(
      byAccount(userId, {
        scopeId: null,
        action: 'user.logged_in',
        subjectType: 'user',
        subjectId: userId,
        details: { token_id: issued.id },
      }),
    );
    return {
      user: serializeUser(await loadUserRecord(db, userId)),
      token: issued.token,
      token_type: 'Bearer',
      expires_at: issued.expiresAt.toISOString(),
    };
  },
});
