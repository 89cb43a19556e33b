// Add a user to a tenant with a role (POST /tenant/{tenant}/members, `wfctl tenant member add`).
// An email without an account gets one, created with the name and password given, and an active
// membership; the role must be one the tenant's business type offers (a clinic has no pharmacy
// counter). An email that already has an account belongs to someone else: a member (over HTTP, or
// the CLI's --actor) only invites it (a tenant_invitations row the account's owner accepts or
// declines, see accept-invitation.ts), since any tenant admin could otherwise pull any account
// into their tenant. The operator on the machine, who is trusted, still adds it directly. The route
// names the tenant by its path; the CLI by slug or id (TENANT), resolved by tenant-scope.ts.
import type { Knex } from 'knex';
import { ValidationError, type FieldErrors } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import { lockForUpdate } from '../../../db/knex.js';
import { toDbTime } from '../../../db/time.js';
import type { ClinicRun } from '../../context.js';
import { tenantScope, tenantScoped } from '../../tenant-scope.js';
import { hashPassword } from '../../../core/passwords.js';
import { rolesOffered } from '../../identity/roles.js';
import { assertUnique, onUniqueViolation, type UniqueCheck } from '../../uniqueness.js';
import { loadTenant } from '../resolve.js';
import { addMemberSchema } from '../schemas.js';
import { serializeMember, type MemberView } from '../serialize.js';
import { findMember } from './list-members.js';

export const addMember = defineWrite('member.add', 'member.manage', {
  summary: 'Add a new staff account to the tenant, or invite an existing account',
  input: tenantScoped(addMemberSchema),
  async run(ctx: ClinicRun, input): Promise<MemberView> {
    const { db } = ctx;
    const tenant = await loadTenant(db, await tenantScope(ctx, input));
    const offered = rolesOffered(tenant.business_type);
    if (!offered.includes(input.role as never)) {
      throw ValidationError.field(
        'role',
        `The role ${input.role} is not offered to a ${tenant.business_type} tenant (offered: ${offered.join(', ')}).`,
      );
    }

    const existing = await db('clinic_users').where('email', input.email).first('id');
    const errors: FieldErrors = {};
    if (existing && input.password) {
      errors.password = ['This email already has an account: leave the password out to add it.'];
    }
    if (!existing) {
      if (!input.name) errors.name = ['The name field is required to create an account for a new email.'];
      if (!input.password)
        errors.password = ['The password field is required to create an account for a new email.'];
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);

    const invite = Boolean(existing) && ctx.actor.kind !== 'operator';
    const checks: UniqueCheck[] = [
      {
        field: 'email',
        table: 'tenant_memberships',
        where: { tenant_id: tenant.id, user_id: existing?.id },
        message: 'This user is already a member of the tenant.',
      },
      ...(invite
        ? [
            {
              field: 'email',
              table: 'tenant_invitations',
              where: { tenant_id: tenant.id, user_id: existing?.id },
              message: 'This user has already been invited to the tenant; the invitation is pending.',
            },
          ]
        : []),
      ...(existing ? [] : [{ field: 'email', table: 'clinic_users', where: { email: input.email } }]),
    ];
    await assertUnique(db, checks); // before bcrypt: a duplicate costs no hashing
    const passwordHash = existing
      ? null
      : await hashPassword(input.password!, ctx.services.config.passwordHashCost);
    // Membership changes of one tenant are serialised on its row (see remove-member's last-admin
    // rule), so an account is never a member and invited at once.
    await lockForUpdate(db('tenants').where('id', tenant.id).first('id'), db);
    const now = toDbTime(ctx.services.clock.now());

    if (invite) {
      const userId = Number(existing.id);
      const member = await lockForUpdate(
        db('tenant_memberships').where({ tenant_id: tenant.id, user_id: userId }),
        db,
      ).first('id');
      if (member) throw ValidationError.field('email', 'This user is already a member of the tenant.');
      await onUniqueViolation(db, checks, (trx) =>
        trx('tenant_invitations').insert({
          tenant_id: tenant.id,
          user_id: userId,
          role: input.role,
          invited_by_user_id: ctx.actor.userId,
          created_at: now,
        }),
      );
      ctx.audit({
        scopeId: tenant.id,
        action: 'member.invited',
        subjectType: 'user',
        subjectId: userId,
        details: { role: input.role },
      });
      return memberView(db, tenant.id, userId);
    }

    const userId = await onUniqueViolation(db, checks, async (trx) => {
      let id = existing ? Number(existing.id) : 0;
      if (!existing) {
        [id] = await trx('clinic_users').insert({
          name: input.name,
          email: input.email,
          password_hash: passwordHash,
          current_tenant_id: tenant.id,
          created_at: now,
          updated_at: now,
        });
        id = Number(id);
      }
      await trx('tenant_memberships').insert({
        tenant_id: tenant.id,
        user_id: id,
        role: input.role,
        created_at: now,
      });
      return id;
    });
    // The operator's direct add supersedes a pending invitation of the same account.
    await db('tenant_invitations').where({ tenant_id: tenant.id, user_id: userId }).delete();
    await db('clinic_users')
      .where('id', userId)
      .whereNull('current_tenant_id')
      .update({ current_tenant_id: tenant.id });
    ctx.audit({
      scopeId: tenant.id,
      action: 'member.added',
      subjectType: 'user',
      subjectId: userId,
      details: { role: input.role, account_created: !existing },
    });
    return memberView(db, tenant.id, userId);
  },
});

async function memberView(db: Knex, tenantId: number, userId: number): Promise<MemberView> {
  return serializeMember((await findMember(db, tenantId, userId))!);
}
