// Decline a pending invitation (POST /me/invitations/{tenant}/decline): it is deleted and the
// account stays out of the tenant. Only the invited user can decline their own invitation.
import { NotFoundError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import type { ClinicRun } from '../../context.js';
import { loadUserRecord } from '../../identity/queries.js';
import { serializeUser, type UserView } from '../../identity/serialize.js';
import { invitationInput, NO_INVITATION } from './accept-invitation.js';

export const declineInvitation = defineWrite('invitation.decline', 'authenticated', {
  summary: 'Decline the caller’s invitation to a tenant (it is deleted)',
  input: invitationInput,
  async run(ctx: ClinicRun, input): Promise<UserView> {
    const { db } = ctx;
    const userId = ctx.owns('self');
    const invitation = await db('tenant_invitations')
      .where({ tenant_id: input.tenant_id, user_id: userId })
      .first('id', 'role');
    if (!invitation) throw new NotFoundError(NO_INVITATION);
    // Deleting by id and checking the count: of two concurrent answers only one declines.
    const deleted = await db('tenant_invitations').where('id', invitation.id).delete();
    if (!deleted) throw new NotFoundError(NO_INVITATION);
    ctx.audit({
      scopeId: input.tenant_id,
      action: 'member.declined',
      subjectType: 'user',
      subjectId: userId,
      details: { role: invitation.role },
    });
    return serializeUser(await loadUserRecord(db, userId));
  },
});
