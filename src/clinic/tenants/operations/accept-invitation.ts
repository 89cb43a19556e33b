// Accept a pending invitation (POST /me/invitations/{tenant}/accept): the invited user becomes a
// member with the role offered, and the tenant becomes their current one if they had none. Only
// the invited user can accept: the invitation is looked up by the caller's own id.
import { NotFoundError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import { idNumber, yup } from '../../../core/validation.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { loadUserRecord } from '../../identity/queries.js';
import { serializeUser, type UserView } from '../../identity/serialize.js';

/** The inviting tenant, by id; the invited user is the caller. */
export const invitationInput = yup.object({ tenant_id: idNumber().required() });

export const NO_INVITATION = 'You have no pending invitation to this tenant.';

export const acceptInvitation = defineWrite('invitation.accept', 'authenticated', {
  summary: 'Accept the caller’s invitation to a tenant: they become a member with the role offered',
  input: invitationInput,
  async run(ctx: ClinicRun, input): Promise<UserView> {
    const { db } = ctx;
    const userId = ctx.owns('self');
    // Serialised with the tenant's other membership changes (member.add, member.remove).
    const tenant = await lockForUpdate(db('tenants').where('id', input.tenant_id).first('id'), db);
    const invitation = tenant
      ? await db('tenant_invitations')
          .where({ tenant_id: input.tenant_id, user_id: userId })
          .first('id', 'role')
      : undefined;
    if (!invitation) throw new NotFoundError(NO_INVITATION);
    // A decline (which takes no tenant lock) may have won meanwhile: then there is nothing to accept.
    const deleted = await db('tenant_invitations').where('id', invitation.id).delete();
    if (!deleted) throw new NotFoundError(NO_INVITATION);
    await db('tenant_memberships').insert({
      tenant_id: input.tenant_id,
      user_id: userId,
      role: invitation.role,
      created_at: toDbTime(ctx.services.clock.now()),
    });
    await db('clinic_users')
      .where('id', userId)
      .whereNull('current_tenant_id')
      .update({ current_tenant_id: input.tenant_id });
    ctx.audit({
      scopeId: input.tenant_id,
      action: 'member.joined',
      subjectType: 'user',
      subjectId: userId,
      details: { role: invitation.role },
    });
    return serializeUser(await loadUserRecord(db, userId));
  },
});
