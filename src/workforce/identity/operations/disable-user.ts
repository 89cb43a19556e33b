// `wfctl user disable`: the account can no longer log in, and every token it holds stops working
// at once. Grants are kept, so the record of what the person could do survives.
import { defineWrite } from '../../../core/operation.js';
import { yup } from '../../../core/validation.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import type { WorkforceRun } from '../../context.js';
import { resolveUser } from '../resolve.js';
import { revokeUserTokens } from '../revocation.js';
import { adminUserBody, type AdminUserBody } from '../user-body.js';

export const disableUserInput = yup.object({ email: yup.string().trim().required().max(191) });

export interface DisableUserResult {
  user: AdminUserBody;
  /** false when the account was already disabled. */
  changed: boolean;
  revoked_token_ids: number[];
}

export const disableUser = defineWrite('user.disable', 'system.admin', {
  summary: 'Disable a user: no more logins, every token revoked at once',
  input: disableUserInput,
  async run(ctx: WorkforceRun, input): Promise<DisableUserResult> {
    const { db } = ctx;
    const { clock } = ctx.services;
    const found = await resolveUser(db, input.email, 'email');
    const user = await lockForUpdate(db('users').where({ id: found.id }), db).first('id', 'is_active');
    const changed = Boolean(user.is_active);
    if (changed) {
      await db('users')
        .where({ id: user.id })
        .update({ is_active: false, updated_at: toDbTime(clock.now()) });
    }
    const revoked = await revokeUserTokens(db, clock, { userId: found.id });
    if (changed || revoked.length) {
      ctx.audit({
        action: 'user.disabled',
        subjectType: 'user',
        subjectId: found.id,
        scopeId: null,
        details: { email: found.email, revoked_token_ids: revoked },
      });
    }
    return { user: await adminUserBody(db, found.id), changed, revoked_token_ids: revoked };
  },
});
