// Remove a user from a tenant (DELETE /tenant/{tenant}/members/{user}, `wfctl tenant member
// remove`). The account stays; its access to the tenant ends with the next request. The last
// tenant_admin cannot be removed, so every tenant keeps someone who can manage it. A user with a
// pending invitation instead has it cancelled (no last-admin rule: an invitation grants nothing yet).
import type { Knex } from 'knex';
import { NotFoundError, ValidationError } from '../../../core/errors.js';
import { lockForUpdate } from '../../../db/knex.js';
import { inTransaction } from '../../../db/transaction.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';

export interface RemoveMemberInput {
  tenantId: number;
  /** The member, by user id (HTTP) or by email (CLI). */
  userId?: number;
  email?: string;
}

export interface RemovedMember {
  tenant_id: number;
  user_id: number;
  role: string;
  /** active: a membership ended; invited: a pending invitation cancelled. */
  status: 'active' | 'invited';
}

export async function removeMember(ctx: ClinicContext, input: RemoveMemberInput): Promise<RemovedMember> {
  const { db } = ctx.services;
  return inTransaction(db, async (trx) => {
    // Locking the tenant serialises two removals, so two admins removing each other cannot both win.
    const tenant = await lockForUpdate(trx('tenants').where('id', input.tenantId).first('id'), db);
    if (!tenant) throw new NotFoundError('Tenant not found.');
    const member = await trx('tenant_memberships as m')
      .join('clinic_users as u', 'u.id', 'm.user_id')
      .where('m.tenant_id', input.tenantId)
      .modify((q) =>
        input.userId !== undefined ? q.where('u.id', input.userId) : q.where('u.email', input.email ?? ''),
      )
      .first('m.id', 'm.user_id', 'm.role', 'u.current_tenant_id');
    if (!member) return cancelInvitation(trx, ctx, input);
    if (member.role === 'tenant_admin') {
      const admins = await trx('tenant_memberships')
        .where({ tenant_id: input.tenantId, role: 'tenant_admin' })
        .count({ n: '*' })
        .first();
      if (Number(admins?.n ?? 0) <= 1) {
        throw ValidationError.field(
          'user',
          'The last tenant_admin of a tenant cannot be removed; add another admin first.',
        );
      }
    }
    await trx('tenant_memberships').where('id', member.id).delete();
    if (Number(member.current_tenant_id) === input.tenantId) {
      const next = await trx('tenant_memberships')
        .where('user_id', member.user_id)
        .orderBy('tenant_id')
        .first('tenant_id');
      await trx('clinic_users')
        .where('id', member.user_id)
        .update({ current_tenant_id: next?.tenant_id ?? null });
    }
    await recordAudit(trx, ctx, {
      tenantId: input.tenantId,
      action: 'member.removed',
      subjectType: 'user',
      subjectId: Number(member.user_id),
      details: { role: member.role },
    });
    return {
      tenant_id: input.tenantId,
      user_id: Number(member.user_id),
      role: member.role,
      status: 'active',
    };
  });
}

async function cancelInvitation(
  trx: Knex.Transaction,
  ctx: ClinicContext,
  input: RemoveMemberInput,
): Promise<RemovedMember> {
  const invitation = await trx('tenant_invitations as i')
    .join('clinic_users as u', 'u.id', 'i.user_id')
    .where('i.tenant_id', input.tenantId)
    .modify((q) =>
      input.userId !== undefined ? q.where('u.id', input.userId) : q.where('u.email', input.email ?? ''),
    )
    .first('i.id', 'i.user_id', 'i.role');
  if (!invitation) {
    throw new NotFoundError('This user is not a member of the tenant and has no pending invitation.');
  }
  await trx('tenant_invitations').where('id', invitation.id).delete();
  await recordAudit(trx, ctx, {
    tenantId: input.tenantId,
    action: 'member.invitation_cancelled',
    subjectType: 'user',
    subjectId: Number(invitation.user_id),
    details: { role: invitation.role },
  });
  return {
    tenant_id: input.tenantId,
    user_id: Number(invitation.user_id),
    role: invitation.role,
    status: 'invited',
  };
}
