// `wfctl user disable`: the account can no longer log in, and every token it holds stops working
// at once. Grants are kept, so the record of what the person could do survives.
import { inTransaction } from '../../../db/transaction.js';
import { toDbTime } from '../../../db/time.js';
import { lockForUpdate } from '../../../db/knex.js';
import { recordAudit } from '../../audit/record.js';
import { requireSystemAdmin, type AdminContext } from '../admin.js';
import { resolveUser } from '../resolve.js';
import { revokeUserTokens } from '../revocation.js';
import { adminUserBody, type AdminUserBody } from '../user-body.js';

export interface DisableUserResult {
  user: AdminUserBody;
  /** false when the account was already disabled. */
  changed: boolean;
  revoked_token_ids: number[];
}

export async function disableUser(
  ctx: AdminContext,
  input: { email: string },
  opts: { dryRun?: boolean } = {},
): Promise<DisableUserResult> {
  requireSystemAdmin(ctx.actor, 'disable users');
  const { clock } = ctx.services;
  return inTransaction(
    ctx.services.db,
    async (trx) => {
      const found = await resolveUser(trx, input.email, 'email');
      const user = await lockForUpdate(trx('users').where({ id: found.id }), trx).first('id', 'is_active');
      const changed = Boolean(user.is_active);
      if (changed) {
        await trx('users')
          .where({ id: user.id })
          .update({ is_active: false, updated_at: toDbTime(clock.now()) });
      }
      const revoked = await revokeUserTokens(trx, clock, { userId: found.id });
      if (changed || revoked.length) {
        await recordAudit(trx, clock, {
          event: 'user.disabled',
          actorUserId: ctx.actor.userId,
          subjectType: 'user',
          subjectId: found.id,
          organizationId: null,
          context: { email: found.email, revoked_token_ids: revoked },
        });
      }
      return { user: await adminUserBody(trx, found.id), changed, revoked_token_ids: revoked };
    },
    opts,
  );
}
