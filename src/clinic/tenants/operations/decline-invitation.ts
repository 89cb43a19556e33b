// Decline a pending invitation (POST /me/invitations/{tenant}/decline): it is deleted and the
// account stays out of the tenant. Only the invited user can decline their own invitation.
import { NotFoundError } from '../../../core/errors.js';
import { inTransaction } from '../../../db/transaction.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';
import { loadUserRecord, type UserRecord } from '../../identity/queries.js';
import { NO_INVITATION, type InvitationInput } from './accept-invitation.js';

export async function declineInvitation(ctx: ClinicContext, input: InvitationInput): Promise<UserRecord> {
  const { db } = ctx.services;
  await inTransaction(db, async (trx) => {
    const invitation = await trx('tenant_invitations')
      .where({ tenant_id: input.tenantId, user_id: input.userId })
      .first('id', 'role');
    if (!invitation) throw new NotFoundError(NO_INVITATION);
    // Deleting by id and checking the count: of two concurrent answers only one declines.
    const deleted = await trx('tenant_invitations').where('id', invitation.id).delete();
    if (!deleted) throw new NotFoundError(NO_INVITATION);
    await recordAudit(trx, ctx, {
      tenantId: input.tenantId,
      action: 'member.declined',
      subjectType: 'user',
      subjectId: input.userId,
      details: { role: invitation.role },
    });
  });
  return loadUserRecord(db, input.userId);
}
