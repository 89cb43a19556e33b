// `wfctl user roles`: grant and revoke roles (ROLE:ORG, or system_admin globally). Revokes are
// applied after grants, so `--grant hr:ACME --revoke employee:ACME` promotes in one step.
import { ValidationError } from '../../../core/errors.js';
import { inTransaction } from '../../../db/transaction.js';
import { recordAudit } from '../../audit/record.js';
import { requireSystemAdmin, type AdminContext } from '../admin.js';
import { addGrants, removeGrants, resolveGrants } from '../grant-roles.js';
import { resolveUser } from '../resolve.js';
import { adminUserBody, type AdminUserBody } from '../user-body.js';
import { parseRoleRef } from '../user-schemas.js';

export interface ChangeRolesResult {
  user: AdminUserBody;
  granted: Array<{ role: string; organization_id: number | null }>;
  revoked: Array<{ role: string; organization_id: number | null }>;
}

export async function changeRoles(
  ctx: AdminContext,
  input: { email: string; grant?: string[]; revoke?: string[] },
  opts: { dryRun?: boolean } = {},
): Promise<ChangeRolesResult> {
  requireSystemAdmin(ctx.actor, 'change roles');
  const grantRefs = (input.grant ?? []).map((r) => parseRoleRef(r, 'grant'));
  const revokeRefs = (input.revoke ?? []).map((r) => parseRoleRef(r, 'revoke'));
  const { clock } = ctx.services;
  return inTransaction(
    ctx.services.db,
    async (trx) => {
      const user = await resolveUser(trx, input.email, 'email');
      const toGrant = await resolveGrants(trx, grantRefs, 'grant');
      const toRevoke = await resolveGrants(trx, revokeRefs, 'revoke');
      const both = toGrant.find((g) => toRevoke.some((r) => r.role === g.role && r.scopeKey === g.scopeKey));
      if (both) throw ValidationError.field('revoke', `${both.role} is both granted and revoked.`);
      const granted = await addGrants(trx, clock, user.id, toGrant);
      const revoked = await removeGrants(trx, user.id, toRevoke);
      const shape = (list: typeof granted) =>
        list.map((g) => ({ role: g.role, organization_id: g.organizationId }));
      if (granted.length || revoked.length) {
        await recordAudit(trx, clock, {
          event: 'user.roles_changed',
          actorUserId: ctx.actor.userId,
          subjectType: 'user',
          subjectId: user.id,
          organizationId: null,
          context: { granted: shape(granted), revoked: shape(revoked) },
        });
      }
      return { user: await adminUserBody(trx, user.id), granted: shape(granted), revoked: shape(revoked) };
    },
    opts,
  );
}
