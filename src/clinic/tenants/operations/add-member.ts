// Add a user to a tenant with a role (POST /tenant/{tenant}/members, `wfctl tenant member add`).
// An email without an account gets one, created with the name and password given, and an active
// membership; the role must be one the tenant's business type offers (a clinic has no pharmacy
// counter). An email that already has an account belongs to someone else: over HTTP (`invite`)
// it is only invited (a tenant_invitations row the account's owner accepts or declines, see
// acceptInvitation/declineInvitation), since any tenant admin could otherwise pull any account
// into their tenant. The CLI, run by trusted operators, still adds it directly.
import { NotFoundError, ValidationError, type FieldErrors } from '../../../core/errors.js';
import { lockForUpdate } from '../../../db/knex.js';
import { inTransaction } from '../../../db/transaction.js';
import { toDbTime } from '../../../db/time.js';
import { recordAudit } from '../../audit.js';
import type { ClinicContext } from '../../context.js';
import { hashPassword } from '../../identity/passwords.js';
import { rolesOffered } from '../../identity/roles.js';
import { assertUnique, onUniqueViolation, type UniqueCheck } from '../../uniqueness.js';
import type { AddMemberInput } from '../schemas.js';
import { findMember, type MemberRow } from './list-members.js';

export interface AddMemberOptions {
  /** Invite an existing account instead of adding it (HTTP). A new email is always added. */
  invite?: boolean;
}

export async function addMember(
  ctx: ClinicContext,
  input: AddMemberInput & { tenantId: number },
  options: AddMemberOptions = {},
): Promise<MemberRow> {
  const { db, clock } = ctx.services;
  const tenant = await db('tenants').where('id', input.tenantId).first('id', 'business_type');
  if (!tenant) throw new NotFoundError('Tenant not found.');
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

  const invite = Boolean(options.invite && existing);
  const checks: UniqueCheck[] = [
    {
      field: 'email',
      table: 'tenant_memberships',
      where: { tenant_id: input.tenantId, user_id: existing?.id },
      message: 'This user is already a member of the tenant.',
    },
    ...(invite
      ? [
          {
            field: 'email',
            table: 'tenant_invitations',
            where: { tenant_id: input.tenantId, user_id: existing?.id },
            message: 'This user has already been invited to the tenant; the invitation is pending.',
          },
        ]
      : []),
    ...(existing ? [] : [{ field: 'email', table: 'clinic_users', where: { email: input.email } }]),
  ];
  await assertUnique(db, checks);
  if (invite)
    return inviteMember(
      ctx,
      { tenantId: input.tenantId, userId: Number(existing.id), role: input.role },
      checks,
    );
  const passwordHash = existing ? null : await hashPassword(input.password!);

  const userId = await onUniqueViolation(db, checks, () =>
    inTransaction(db, async (trx) => {
      // Membership changes of one tenant are serialised on its row (see removeMember's last-admin rule).
      await lockForUpdate(trx('tenants').where('id', input.tenantId).first('id'), db);
      const now = toDbTime(clock.now());
      let id = existing ? Number(existing.id) : 0;
      if (!existing) {
        [id] = await trx('clinic_users').insert({
          name: input.name,
          email: input.email,
          password_hash: passwordHash,
          current_tenant_id: input.tenantId,
          created_at: now,
          updated_at: now,
        });
        id = Number(id);
      }
      await trx('tenant_memberships').insert({
        tenant_id: input.tenantId,
        user_id: id,
        role: input.role,
        created_at: now,
      });
      // An operator's direct add supersedes a pending invitation of the same account.
      await trx('tenant_invitations').where({ tenant_id: input.tenantId, user_id: id }).delete();
      await trx('clinic_users')
        .where('id', id)
        .whereNull('current_tenant_id')
        .update({ current_tenant_id: input.tenantId });
      await recordAudit(trx, ctx, {
        tenantId: input.tenantId,
        action: 'member.added',
        subjectType: 'user',
        subjectId: id,
        details: { role: input.role, account_created: !existing },
      });
      return id;
    }),
  );
  return (await findMember(db, input.tenantId, userId))!;
}

/** The invitation of an existing account: no membership, and its current tenant stays as it is. */
async function inviteMember(
  ctx: ClinicContext,
  input: { tenantId: number; userId: number; role: string },
  checks: UniqueCheck[],
): Promise<MemberRow> {
  const { db, clock } = ctx.services;
  await onUniqueViolation(db, checks, () =>
    inTransaction(db, async (trx) => {
      // Serialised with membership changes of the tenant (addMember, removeMember, acceptInvitation),
      // so an account is never a member and invited at once.
      await lockForUpdate(trx('tenants').where('id', input.tenantId).first('id'), db);
      const member = await trx('tenant_memberships')
        .where({ tenant_id: input.tenantId, user_id: input.userId })
        .first('id');
      if (member) throw ValidationError.field('email', 'This user is already a member of the tenant.');
      await trx('tenant_invitations').insert({
        tenant_id: input.tenantId,
        user_id: input.userId,
        role: input.role,
        invited_by_user_id: ctx.actor.userId,
        created_at: toDbTime(clock.now()),
      });
      await recordAudit(trx, ctx, {
        tenantId: input.tenantId,
        action: 'member.invited',
        subjectType: 'user',
        subjectId: input.userId,
        details: { role: input.role },
      });
    }),
  );
  return (await findMember(db, input.tenantId, input.userId))!;
}
