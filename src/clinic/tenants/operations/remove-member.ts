// Remove a user from a tenant (DELETE /tenant/{tenant}/members/{user}, `wfctl tenant member
// remove`). The account stays; its access to the tenant ends with the next request. The last
// tenant_admin cannot be removed, so every tenant keeps someone who can manage it. A user with a
// pending invitation instead has it cancelled (no last-admin rule: an invitation grants nothing yet).
// The route names the tenant by its path; the CLI by slug or id (TENANT), resolved by tenant-scope.ts.
import type { Knex } from 'knex';
import { NotFoundError, ValidationError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import { emailField } from '../../identity/schemas.js';
import { byName, idNumber, yup } from '../../../core/validation.js';
import { lockForUpdate } from '../../../db/knex.js';
import type { ClinicRun } from '../../context.js';
import { tenantScope, tenantScoped } from '../../tenant-scope.js';

/** The member, by user id (HTTP) or by email (CLI). */
export const removeMemberInput = tenantScoped(
  yup
    .object({
      user_id: idNumber(),
      email: byName(emailField()),
    })
    .test(
      'who',
      'Name the member by user_id or email.',
      (v) => v == null || v.user_id != null || v.email != null,
    ),
);

export interface RemovedMember {
  tenant_id: number;
  user_id: number;
  role: string;
  /** active: a membership ended; invited: a pending invitation cancelled. */
  status: 'active' | 'invited';
  email: string;
  /** True when the removal was previewed and rolled back. */
  dry_run: boolean;
}

type Who = { user_id?: number; email?: string };

const byWho = (who: Who) => (q: Knex.QueryBuilder) =>
  who.user_id != null ? q.where('u.id', who.user_id) : q.where('u.email', who.email ?? '');

export const removeMember = defineWrite('member.remove', 'member.manage', {
  summary: 'Remove a user from the tenant (the account stays), or cancel their pending invitation',
  input: removeMemberInput,
  async run(ctx: ClinicRun, input): Promise<RemovedMember> {
    const { db } = ctx;
    // Locking the tenant serialises two removals, so two admins removing each other cannot both win.
    const tenantId = await tenantScope(ctx, input);
    const tenant = await lockForUpdate(db('tenants').where('id', tenantId).first('id'), db);
    if (!tenant) throw new NotFoundError('Tenant not found.');
    const member = await db('tenant_memberships as m')
      .join('clinic_users as u', 'u.id', 'm.user_id')
      .where('m.tenant_id', tenantId)
      .modify(byWho(input))
      .first('m.id', 'm.user_id', 'm.role', 'u.email', 'u.current_tenant_id');
    if (!member) return cancelInvitation(ctx, tenantId, input);
    if (member.role === 'tenant_admin') {
      const admins = await db('tenant_memberships')
        .where({ tenant_id: tenantId, role: 'tenant_admin' })
        .count({ n: '*' })
        .first();
      if (Number(admins?.n ?? 0) <= 1) {
        throw ValidationError.field(
          'user',
          'The last tenant_admin of a tenant cannot be removed; add another admin first.',
        );
      }
    }
    await db('tenant_memberships').where('id', member.id).delete();
    if (Number(member.current_tenant_id) === tenantId) {
      const next = await db('tenant_memberships')
        .where('user_id', member.user_id)
        .orderBy('tenant_id')
        .first('tenant_id');
      await db('clinic_users')
        .where('id', member.user_id)
        .update({ current_tenant_id: next?.tenant_id ?? null });
    }
    return ended(ctx, tenantId, member, 'active');
  },
});

async function cancelInvitation(ctx: ClinicRun, tenantId: number, who: Who): Promise<RemovedMember> {
  const { db } = ctx;
  const invitation = await db('tenant_invitations as i')
    .join('clinic_users as u', 'u.id', 'i.user_id')
    .where('i.tenant_id', tenantId)
    .modify(byWho(who))
    .first('i.id', 'i.user_id', 'i.role', 'u.email');
  if (!invitation) {
    throw new NotFoundError('This user is not a member of the tenant and has no pending invitation.');
  }
  await db('tenant_invitations').where('id', invitation.id).delete();
  return ended(ctx, tenantId, invitation, 'invited');
}

/**
 * The audit entry and the answer of a membership that ended: an active one removed, or a pending
 * invitation cancelled (`status` says which it was).
 */
function ended(
  ctx: ClinicRun,
  tenantId: number,
  row: { user_id: unknown; role: string; email: string },
  status: 'active' | 'invited',
): RemovedMember {
  ctx.audit({
    scopeId: tenantId,
    action: status === 'active' ? 'member.removed' : 'member.invitation_cancelled',
    subjectType: 'user',
    subjectId: Number(row.user_id),
    details: { role: row.role },
  });
  return {
    tenant_id: tenantId,
    user_id: Number(row.user_id),
    role: row.role,
    status,
    email: row.email,
    dry_run: ctx.dryRun,
  };
}
