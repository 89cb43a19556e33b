// `wfctl user roles`: grant and revoke roles (ROLE:ORG, or system_admin globally). Revokes are
// applied after grants, so `--grant hr:ACME --revoke employee:ACME` promotes in one step. With
// neither, the user's roles are shown as they are.
import { ValidationError } from '../../../core/errors.js';
import { defineWrite } from '../../../core/operation.js';
import { yup } from '../../../core/validation.js';
import type { WorkforceRun } from '../../context.js';
import { addGrants, removeGrants, resolveGrants } from '../grant-roles.js';
import { resolveUser } from '../resolve.js';
import { adminUserBody, type AdminUserBody } from '../user-body.js';
import { parseRoleRef, roleList } from '../user-schemas.js';

export const changeRolesInput = yup.object({
  email: yup.string().trim().required().max(191),
  grant: roleList('ROLE:ORG or system_admin; repeatable'),
  revoke: roleList('ROLE:ORG or system_admin; repeatable'),
});

export interface ChangeRolesResult {
  user: AdminUserBody;
  granted: Array<{ role: string; organization_id: number | null }>;
  revoked: Array<{ role: string; organization_id: number | null }>;
}

export const changeRoles = defineWrite('user.change-roles', 'system.admin', {
  summary: 'Grant and revoke roles of a user (ROLE:ORG, or system_admin globally)',
  input: changeRolesInput,
  async run(ctx: WorkforceRun, input): Promise<ChangeRolesResult> {
    const { db } = ctx;
    const grantRefs = input.grant.map((r) => parseRoleRef(r, 'grant'));
    const revokeRefs = input.revoke.map((r) => parseRoleRef(r, 'revoke'));
    const user = await resolveUser(db, input.email, 'email');
    const toGrant = await resolveGrants(db, grantRefs, 'grant');
    const toRevoke = await resolveGrants(db, revokeRefs, 'revoke');
    const both = toGrant.find((g) => toRevoke.some((r) => r.role === g.role && r.scopeKey === g.scopeKey));
    if (both) throw ValidationError.field('revoke', `${both.role} is both granted and revoked.`);
    const granted = await addGrants(db, ctx.services.clock, user.id, toGrant);
    const revoked = await removeGrants(db, user.id, toRevoke);
    const shape = (list: typeof granted) =>
      list.map((g) => ({ role: g.role, organization_id: g.organizationId }));
    if (granted.length || revoked.length) {
      ctx.audit({
        action: 'user.roles_changed',
        subjectType: 'user',
        subjectId: user.id,
        scopeId: null,
        details: { granted: shape(granted), revoked: shape(revoked) },
      });
    }
    return { user: await adminUserBody(db, user.id), granted: shape(granted), revoked: shape(revoked) };
  },
});
