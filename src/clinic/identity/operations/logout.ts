// POST /auth/logout: the token used for the request stops working at once (its row is deleted).
// Only a token of the caller's own can be revoked.
import { defineWrite } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import type { ClinicRun } from '../../context.js';
import { revokeToken } from '../tokens.js';

export const logout = defineWrite('auth.logout', 'authenticated', {
  summary: 'Log out: the bearer token of this request stops working',
  input: yup.object({ token_id: idNumber().required() }),
  async run(ctx: ClinicRun, input): Promise<void> {
    const userId = ctx.owns('self');
    await revokeToken(ctx.db, userId, input.token_id);
    ctx.audit({
      scopeId: null,
      action: 'user.logged_out',
      subjectType: 'user',
      subjectId: userId,
      details: { token_id: input.token_id },
    });
  },
});
