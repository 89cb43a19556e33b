// Accept a pending invitation (POST /me/invitations/{tenant}/accept): the invited user becomes a
// member with the role offered, and the tenant becomes their current one if they had none. Only
// the invited user can accept: the invitation is looked up by the caller's own id.
import { NotFoundError } from '../../../core/errors.js';
import { lockForUpdate } from '../../../db/knex.js';
import { inTransaction } from '../../../db/transaction.js';
import { toDbTime } from '../../../db/time.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';
import { loadUserRecord, type UserRecord } from '../../identity/queries.js';

export interface InvitationInput {
  /** The invited user (the caller). */
  userId: number;
  tenantId: number;
}

export const NO_INVITATION = 'You have no pending invitation to this tenant.';

export async function acceptInvitation(ctx: ClinicContext, input: InvitationInput): Promise<UserRecord> {
  const { db, clock } = ctx.services;
  await inTransaction(db, async (trx) => {
    // Serialised with the tenant's other membership changes (addMember, removeMember).
    const tenant = await lockForUpdate(trx('tenants').where('id', input.tenantId).first('id'), db);
    const invitation = tenant
      ? await trx('tenant_invitations')
          .where({ tenant_id: input.tenantId, user_id: input.userId })
          .first('id', 'role')
      : undefined;
    if (!invitation) throw new NotFoundError(NO_INVITATION);
    // A decline (which takes no tenant lock) may have won meanwhile: then there is nothing to accept.
    const deleted = await trx('tenant_invitations').where('id', invitation.id).delete();
    if (!deleted) throw new NotFoundError(NO_INVITATION);
    await trx('tenant_memberships').insert({
      tenant_id: input.tenantId,
      user_id: input.userId,
      role: invitation.role,
      created_at: toDbTime(clock.now()),
    });
    await trx('clinic_users')
      .where('id', input.userId)
      .whereNull('current_tenant_id')
      .update({ current_tenant_id: input.tenantId });
    await recordAudit(trx, ctx, {
      tenantId: input.tenantId,
      action: 'member.joined',
      subjectType: 'user',
      subjectId: input.userId,
      details: { role: invitation.role },
    });
  });
  return loadUserRecord(db, input.userId);
}
